// A group's rules hold on every path. Run mode 2 makes groups of friends only; a removal
// and a mute stick through a kept QR code or a quick return; a manager can retire the join QR; a
// muted member cannot speak through the name or the announcement; group changes are rate-limited;
// and a change that leaves the roster alone does not rewrite D1's copy of it.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import {
  call,
  eventually,
  exhaustLimiter,
  loginUser,
  resetConfig,
  setConfig,
  setSysInfo,
  textMessage,
} from './helpers';

afterEach(resetConfig);

async function befriend(a: User, b: User) {
  const sent = await call('/enterprise/friend/add', { user_id: uid(b), remark: 'hi' }, { token: a.token });
  await ok(call('/enterprise/friend/update', { friend_id: sent.body.data.friend_id, status: 1 }, { token: b.token }));
}

/** The join token of the QR groupInfo hands `as` ('' when none is handed). */
async function joinToken(id: string, as: User): Promise<string> {
  const info = await ok(groupCall('groupInfo', { group_id: id }, as));
  const url = (info as unknown as { data: { qrUrl: string } }).data.qrUrl;
  return url ? decodeURIComponent(new URL(url).pathname.split('/').pop()!) : '';
}

const join = (token: string, as: User) => groupCall('joinGroup', { token }, as);
const say = (id: string, as: User, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(id, text), { token: as.token, lang: 'en' });
const groupNo = (id: string) => Number(id.slice('group-'.length));

describe('run mode 2 holds for groups', () => {
  it('makes and grows a group with friends only, in the language of the asker', async () => {
    const [a, friend, stranger, later] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    await befriend(a, friend);
    await setSysInfo({ runMode: '2' });
    const refused = await call(
      '/enterprise/group/add',
      { user_ids: [uid(friend), uid(stranger)], name: 'T' },
      { token: a.token, lang: 'en' },
    );
    expect(refused.body).toMatchObject({ code: 400, msg: 'Only your friends can be added to a group' });
    expect(
      (await call('/enterprise/group/add', { user_ids: [uid(stranger)] }, { token: a.token, lang: 'vi' })).body.msg,
    ).toBe('Chỉ có thể thêm bạn bè vào nhóm');
    const id = await createGroup(a, [friend]);
    expect((await groupCall('addGroupUser', { id, user_ids: [uid(later)] }, a)).body.code).toBe(400);
    await befriend(a, later);
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(later)] }, a));
    // The picker offers exactly whom the server accepts: friends, not strangers.
    const offered = (await ok(groupCall('getAllUser', { user_ids: [] }, a))) as unknown as {
      data: { user_id: number }[];
    };
    const ids = offered.data.map((u) => u.user_id);
    expect(ids).toEqual(expect.arrayContaining([uid(friend), uid(later)]));
    expect(ids).not.toContain(uid(stranger));
  });

  it('lets a system admin group anyone, and anyone add a customer-service user', async () => {
    const [admin, stranger, service, someone] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    await env.DB.prepare('UPDATE users SET role = 2 WHERE user_id = ?1').bind(uid(admin)).run();
    await setSysInfo({ runMode: '2' });
    // autoAddUser is an object in the row, as the admin form writes it.
    await setConfig('chatInfo', { autoAddUser: { user_ids: [uid(service)] } } as unknown as Record<string, string>);
    await createGroup(admin, [stranger]);
    await createGroup(someone, [service]);
    const offered = (await ok(groupCall('getAllUser', { user_ids: [] }, someone))) as unknown as {
      data: { user_id: number }[];
    };
    expect(offered.data.map((u) => u.user_id)).toEqual(expect.arrayContaining([uid(service), uid(admin)]));
    expect(offered.data.map((u) => u.user_id)).not.toContain(uid(stranger));
  });

  it('caps a group at 500 members unless the operator says otherwise', async () => {
    const info = await call('/common/pub/getSystemInfo', {});
    expect(info.body.data.chatInfo.groupUserMax).toBe('500');
  });
});

describe('removal and mutes stick', () => {
  it('a member removed by a manager cannot come back with a QR code minted before the removal, and can with a new one', async () => {
    const [owner, member, friend] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(owner, [member, friend]);
    const kept = await joinToken(id, member);
    await ok(groupCall('removeUser', { id, user_id: uid(member) }, owner));
    const again = await call('/enterprise/group/joinGroup', { token: kept }, { token: member.token, lang: 'en' });
    expect(again.body).toMatchObject({
      code: 400,
      msg: 'You were removed from this group, so this QR code no longer lets you in.',
    });
    // The scan itself says so, in the scanner's language, rather than opening a join page that refuses.
    const scanned = await call(`/scan/g/${kept}`, {}, { token: member.token, lang: 'vi' });
    expect(scanned.body).toMatchObject({
      code: 400,
      msg: 'Bạn đã bị mời ra khỏi nhóm này, nên mã QR này không còn cho bạn vào lại.',
    });
    expect((await groupCall('groupInfo', { group_id: id }, member)).body.code).toBe(403);
    // Someone else's code minted after the removal lets them back.
    await ok(join(await joinToken(id, friend), member));
  });

  it('a member who left by themselves may come back with the code they kept', async () => {
    const [owner, member] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(owner, [member]);
    const kept = await joinToken(id, member);
    await ok(groupCall('removeUser', { id, user_id: uid(member) }, member));
    await ok(join(kept, member));
  });

  it('a muted member who leaves and comes back is still muted until the mute ends', async () => {
    const [owner, member] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(owner, [member]);
    await ok(groupCall('setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 4 }, owner));
    const kept = await joinToken(id, member);
    await ok(groupCall('removeUser', { id, user_id: uid(member) }, member));
    await ok(join(kept, member));
    expect((await say(id, member, 'back and loud')).body).toMatchObject({
      code: 400,
      msg: 'You are muted in this group',
    });
    const rows = (await ok(groupCall('groupUserList', { group_id: id }, owner))) as unknown as {
      data: { user_id: number; no_speak_time: number }[];
    };
    expect(rows.data.find((m) => m.user_id === uid(member))!.no_speak_time).toBeGreaterThan(Date.now() / 1000 + 86000);
    // Added back by the owner instead: still muted.
    await ok(groupCall('removeUser', { id, user_id: uid(member) }, member));
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(member)] }, owner));
    expect((await say(id, member, 'again')).body.code).toBe(400);
    // A mute that ended is not brought back.
    await ok(groupCall('setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 0, noSpeakDay: 0 }, owner));
    await ok(groupCall('removeUser', { id, user_id: uid(member) }, member));
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(member)] }, owner));
    await ok(say(id, member, 'free'));
  });

  it('a manager resets the join QR: every older code stops working, the new one works; a plain member cannot reset it', async () => {
    const [owner, admin, member, outsider, other] = await Promise.all([
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
    ]);
    const id = await createGroup(owner, [admin, member]);
    await ok(groupCall('setManager', { id, user_id: uid(admin), role: 2 }, owner));
    const old = await joinToken(id, member);
    expect((await groupCall('resetQrcode', { id }, member)).body.code).toBe(400);
    const reset = (await ok(groupCall('resetQrcode', { id }, admin))) as unknown as {
      data: { qrUrl: string; qrExpire: number };
    };
    expect(reset.data.qrUrl).toMatch(/\/scan\/g\//);
    expect((await call(`/scan/g/${old}`, {}, { token: outsider.token })).body.code).toBe(400);
    expect((await join(old, outsider)).body.code).toBe(400);
    const fresh = decodeURIComponent(new URL(reset.data.qrUrl).pathname.split('/').pop()!);
    expect((await call(`/scan/g/${fresh}`, {}, { token: outsider.token })).body.code).toBe(0);
    await ok(join(fresh, outsider));
    // groupInfo now hands out codes of the new version too.
    await ok(join(await joinToken(id, member), other));
  });

  it("while inviting is left to managers, only managers are handed a join QR, and only a manager's code admits", async () => {
    const [owner, admin, member, outsider, another] = await Promise.all([
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
    ]);
    const id = await createGroup(owner, [admin, member]);
    await ok(groupCall('setManager', { id, user_id: uid(admin), role: 2 }, owner));
    const membersCode = await joinToken(id, member);
    await ok(groupCall('groupSetting', { id, setting: { invite: 0 } }, owner));
    expect(await joinToken(id, member)).toBe('');
    expect((await join(membersCode, outsider)).body.code).toBe(400);
    const adminsCode = await joinToken(id, admin);
    expect(adminsCode).not.toBe('');
    await ok(join(adminsCode, outsider));
    // Once the admin is a plain member again, their code admits nobody more.
    await ok(groupCall('setManager', { id, user_id: uid(admin), role: 3 }, owner));
    expect((await join(adminsCode, another)).body.code).toBe(400);
  });
});

describe('group changes obey mutes and limits', () => {
  it('a muted member cannot rename the group; a muted admin cannot post the announcement; a group-wide mute stops members renaming', async () => {
    const [owner, admin, member] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(owner, [admin, member]);
    await ok(groupCall('setManager', { id, user_id: uid(admin), role: 2 }, owner));
    await ok(groupCall('setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 1 }, owner));
    await ok(groupCall('setNoSpeak', { id, user_id: uid(admin), noSpeakTimer: 1 }, owner));
    const renamed = await call(
      '/enterprise/group/editGroupName',
      { id, displayName: 'loud' },
      { token: member.token, lang: 'en' },
    );
    expect(renamed.body).toMatchObject({ code: 400, msg: 'You are muted in this group' });
    expect((await groupCall('setNotice', { id, notice: 'hear me' }, admin)).body.code).toBe(400);
    await ok(groupCall('setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 0, noSpeakDay: 0 }, owner));
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 1 } }, owner));
    expect((await groupCall('editGroupName', { id, displayName: 'still loud' }, member)).body.code).toBe(401);
    const info = (await ok(groupCall('groupInfo', { group_id: id }, owner))) as unknown as {
      data: { name: string; notice: string };
    };
    expect(info.data).toMatchObject({ name: 'Team', notice: '' });
  });

  it('counts renames, notices, settings and the other group changes against one limit per user (429 with the envelope)', async () => {
    const [owner, member] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(owner, [member]);
    await exhaustLimiter(env.GROUP_LIMITER, `u:${uid(owner)}`);
    for (const [path, body] of [
      ['editGroupName', { id, displayName: 'x' }],
      ['setNotice', { id, notice: 'x' }],
      ['groupSetting', { id, setting: { manage: 1 } }],
      ['setNickname', { id, nickname: 'x' }],
      ['setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 1 }],
      ['setManager', { id, user_id: uid(member), role: 2 }],
      ['removeUser', { id, user_id: uid(member) }],
      ['resetQrcode', { id }],
    ] as const) {
      const res = await call(`/enterprise/group/${path}`, body, { token: owner.token, lang: 'en' });
      expect(res.status, path).toBe(429);
      expect(res.body.code, path).toBe(400);
      expect(res.body.msg, path).toMatch(/Too many requests/);
    }
    // Nothing changed, and the member, who has their own count, still can.
    await ok(groupCall('setNickname', { id, nickname: 'me' }, member));
    const info = (await ok(groupCall('groupInfo', { group_id: id }, member))) as unknown as {
      data: { name: string; groupUserCount: number };
    };
    expect(info.data).toMatchObject({ name: 'Team', groupUserCount: 2 });
  });

  it('a rename reaches D1 without rewriting its roster; a join rewrites it', async () => {
    const [owner, member, newcomer] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(owner, [member]);
    const roster = () =>
      env.DB.prepare('SELECT rowid, user_id FROM group_members WHERE group_id = ?1 ORDER BY user_id')
        .bind(groupNo(id))
        .all();
    await eventually(async () => expect((await roster()).results).toHaveLength(2));
    const before = (await roster()).results;
    await ok(groupCall('editGroupName', { id, displayName: 'Renamed' }, owner));
    await ok(groupCall('setNotice', { id, notice: 'hello' }, owner));
    await ok(groupCall('setNoSpeak', { id, user_id: uid(member), noSpeakTimer: 1 }, owner));
    await eventually(async () =>
      expect(await env.DB.prepare('SELECT name FROM groups WHERE group_id = ?1').bind(groupNo(id)).first('name')).toBe(
        'Renamed',
      ),
    );
    expect((await roster()).results).toEqual(before);
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(newcomer)] }, owner));
    await eventually(async () => expect((await roster()).results).toHaveLength(3));
  });
});
