// Finding people: searchUser by exact account, userList by account, name or the initials of a
// name (pinyin for Chinese names), each person with how I stand with them; and the letter index.
import { env } from 'cloudflare:workers';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { PersonListSchema } from '@protocol/people';

import { letterIndex, matchesKeywords, nameInitials, pinyinInitial } from '../../worker/services/contact-index';
import { call, loginUser, registerUser, uniqueAccount, uniqueEmail, uniquePhone } from './helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const search = (who: User, keywords: string) => call('/enterprise/im/searchUser', { keywords }, { token: who.token });
const list = (who: User, body: Record<string, unknown>) => call('/enterprise/im/userList', body, { token: who.token });

describe('pinyin initials (Intl pinyin collation in workerd)', () => {
  it('files Chinese names under the pinyin initial of their first character', () => {
    expect(letterIndex('张飞')).toBe('Z');
    expect(letterIndex('诸葛亮')).toBe('Z');
    expect(letterIndex('刘备')).toBe('L');
    expect(letterIndex('阿斗')).toBe('A');
    expect(letterIndex('曹操')).toBe('C');
    expect(letterIndex('孙权')).toBe('S');
    expect(letterIndex('Alice')).toBe('A');
    expect(letterIndex('Đức')).toBe('D');
    expect(letterIndex('9lives')).toBe('#');
    expect(letterIndex('')).toBe('#');
  });

  it('gives each character its initial at the edges of every letter', () => {
    const samples: Record<string, string> = {
      啊: 'A',
      澳: 'A',
      八: 'B',
      簿: 'B',
      擦: 'C',
      错: 'C',
      大: 'D',
      额: 'E',
      二: 'E',
      发: 'F',
      嘎: 'G',
      过: 'G',
      哈: 'H',
      几: 'J',
      咖: 'K',
      拉: 'L',
      妈: 'M',
      那: 'N',
      哦: 'O',
      怕: 'P',
      七: 'Q',
      然: 'R',
      撒: 'S',
      他: 'T',
      挖: 'W',
      西: 'X',
      压: 'Y',
      杂: 'Z',
      做: 'Z',
    };
    for (const [char, initial] of Object.entries(samples)) expect(pinyinInitial(char), char).toBe(initial);
    expect(pinyinInitial('a')).toBeNull();
    expect(pinyinInitial('あ')).toBeNull();
  });

  it('takes one initial per Chinese character and per Latin word', () => {
    expect(nameInitials('张飞')).toBe('ZF');
    expect(nameInitials('诸葛亮')).toBe('ZGL');
    expect(nameInitials('Alice')).toBe('A');
    expect(nameInitials('Nguyễn Văn An')).toBe('NVA');
    expect(nameInitials('Ali张飞')).toBe('AZF');
  });

  it('matches keywords in the account, the name without diacritics, or the initials', () => {
    const zhuge = { account: 'kongming@example.com', realname: '诸葛亮' };
    expect(matchesKeywords('zgl', zhuge)).toBe(true);
    expect(matchesKeywords('GL', zhuge)).toBe(true);
    // The account: whole, or inside what its masked form "kon******om" shows; never the hidden middle.
    expect(matchesKeywords('KONGMING@example.com', zhuge)).toBe(true);
    expect(matchesKeywords('ko', zhuge)).toBe(true);
    expect(matchesKeywords('om', zhuge)).toBe(true);
    expect(matchesKeywords('KONGMING', zhuge)).toBe(false);
    expect(matchesKeywords('example', zhuge)).toBe(false);
    expect(matchesKeywords('葛', zhuge)).toBe(true);
    expect(matchesKeywords('zf', zhuge)).toBe(false);
    expect(matchesKeywords('binh', { account: '0900', realname: 'Trần Bình' })).toBe(true);
    expect(matchesKeywords('', zhuge)).toBe(true);
  });
});

describe('searchUser', () => {
  it('finds one person by exact account in any letter case, masked, with how we stand', async () => {
    const [me, other] = await Promise.all([
      loginUser(),
      registerUser(uniqueAccount('Search')).then((u) => loginUser(u.account)),
    ]);
    const found = await search(me, other.account.toLowerCase());
    expect(found.body.code).toBe(0);
    expect(v.is(PersonListSchema, found.body.data)).toBe(true);
    expect(found.body.data).toHaveLength(1);
    expect(found.body.data[0]).toMatchObject({ id: uid(other), relation: 'none', nickname: '' });
    expect(found.body.data[0].account).not.toBe(other.account);
    await call('/enterprise/friend/add', { user_id: uid(other), remark: '' }, { token: me.token });
    const again = await search(me, other.account);
    expect(again.body.data[0]).toMatchObject({ relation: 'sent', friend_id: expect.any(Number) });
    expect((await search(other, me.account)).body.data[0]).toMatchObject({
      relation: 'received',
      friend_id: again.body.data[0].friend_id,
    });
  });

  it('finds nobody for part of an account, for myself, or for a disabled account', async () => {
    const [me, other] = await Promise.all([loginUser(), loginUser()]);
    expect((await search(me, other.account.slice(0, -1))).body.data).toEqual([]);
    expect((await search(me, me.account)).body.data).toEqual([]);
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(uid(other)).run();
    expect((await search(me, other.account)).body.data).toEqual([]);
    expect((await search(me, '')).body.code).toBe(400);
  });
});

describe('userList', () => {
  it('finds people fuzzily by name and pinyin initials, never me, with the total', async () => {
    const tag = uniqueAccount('dir');
    const me = await loginUser();
    // The tag rides in the names: an account is found only whole or by what its mask shows.
    const zhuge = await registerUser(`${tag}a`, 'secret12', `诸葛亮 ${tag}`);
    const zhang = await registerUser(`${tag}b`, 'secret12', `张飞 ${tag}`);
    const binh = await registerUser(`${tag}c`, 'secret12', `Trần Bình ${tag}`);
    const byName = await list(me, { keywords: tag });
    expect(byName.body.count).toBe(3);
    expect(v.is(PersonListSchema, byName.body.data)).toBe(true);
    const names = (r: typeof byName) => r.body.data.map((p: any) => p.realname);
    expect(names(await list(me, { keywords: 'zgl' }))).toContain(`诸葛亮 ${tag}`);
    expect(names(await list(me, { keywords: 'zgl' }))).not.toContain(`张飞 ${tag}`);
    expect(names(await list(me, { keywords: 'ZF' }))).toContain(`张飞 ${tag}`);
    expect(names(await list(me, { keywords: 'binh' }))).toContain(`Trần Bình ${tag}`);
    expect(names(await list(me, { keywords: zhuge.account.toUpperCase() }))).toEqual([`诸葛亮 ${tag}`]);
    const found = (await list(me, { keywords: tag })).body.data.find((p: any) => p.id === zhuge.user.user_id);
    expect(found).toMatchObject({ index: 'Z', relation: 'none' });
    expect(JSON.stringify((await list(me, { keywords: me.account })).body.data)).not.toContain(`"id":${uid(me)},`);
    expect([zhang, binh].every((u) => u.user.user_id)).toBe(true);
  });

  it('never finds anyone by the hidden part of their masked account, only whole or by what the mask shows', async () => {
    const me = await loginUser();
    const phone = await registerUser(uniquePhone(), 'secret12', 'Hidden Digits');
    const email = await registerUser(uniqueEmail(), 'secret12', 'Hidden Mailbox');
    const ids = async (keywords: string) => (await list(me, { keywords, limit: 50 })).body.data.map((p: any) => p.id);
    for (const { account, user } of [phone, email]) {
      // maskAccount shows the first 3 and the last 2 characters; everything between is hidden.
      for (const hidden of [account.slice(3, -2), account.slice(2, -1), account.slice(0, -1), account.slice(1)]) {
        expect(await ids(hidden), hidden).not.toContain(user.user_id);
      }
      expect(await ids(account)).toContain(user.user_id);
      expect(await ids(account.slice(-2))).toContain(user.user_id);
    }
  });

  it('pages the directory: each page at most `limit` people, all of them once', async () => {
    const tag = uniqueAccount('page');
    const me = await loginUser();
    for (let i = 0; i < 5; i++) await registerUser(`${tag}${i}`, 'secret12', `Person ${tag} ${i}`);
    const first = await list(me, { keywords: tag, limit: 2, page: 1 });
    const third = await list(me, { keywords: tag, limit: 2, page: 3 });
    expect(first.body).toMatchObject({ count: 5, page: 1 });
    expect(first.body.data).toHaveLength(2);
    expect(third.body.data).toHaveLength(1);
    const seen = new Set<number>();
    for (const page of [1, 2, 3])
      for (const p of (await list(me, { keywords: tag, limit: 2, page })).body.data) seen.add(p.id);
    expect(seen.size).toBe(5);
    expect((await list(me, { limit: 51 })).body.code).toBe(400);
  });

  it('is counted against the look-up limit like getContactInfo (friend requests too), and needs a token', async () => {
    expect((await call('/enterprise/im/userList', {})).status).toBe(401);
    const [me, other] = await Promise.all([loginUser(), loginUser()]);
    // Local windows are aligned to the clock: start a fresh 60 s window rather than straddle one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
    const limiter = (env as unknown as { LOOKUP_LIMITER: RateLimit }).LOOKUP_LIMITER;
    for (let i = 0; i < 59; i++) await limiter.limit({ key: `u:${uid(me)}` });
    expect((await search(me, other.account)).body.code).toBe(0);
    const addRequest = await call('/enterprise/friend/add', { user_id: uid(other), remark: '' }, { token: me.token });
    for (const refused of [await search(me, other.account), await list(me, {}), addRequest]) {
      expect(refused.status).toBe(429);
      expect(refused.body.data).toBeNull();
    }
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM friends WHERE create_user = ?1').bind(uid(me)).first<number>('n'),
    ).toBe(0);
  });
});
