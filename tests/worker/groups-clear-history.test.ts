// Clearing a group's history (the original's clearMessage): the owner (operators only from the console) deletes
// every message, their files go as retention's do, nobody has anything unread or a preview left,
// every member hears `clearMessage` live, and the conversation carries on after it.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  type Actor,
  ACTORS,
  type Cast,
  castGroup,
  createGroup,
  groupCall,
  makeCast,
  ok,
  uid,
  type User,
} from './group-helpers';
import { call, eventually, loginUser, pngBytes, textMessage, uploadFile } from './helpers';
import { connect } from './socket-helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});

const send = (id: string, as: User, text: string) =>
  call('/enterprise/im/sendMessage', textMessage(id, text), { token: as.token });
const history = async (id: string, as: User) =>
  (await call('/enterprise/im/getMessageList', { toContactId: id, limit: 100 }, { token: as.token })).body
    .data as any[];
/** What a cleared chat shows: only the line saying who cleared it. */
const clearedBy = (list: any[], who: User) =>
  expect(list.map((m) => ({ type: m.type, content: m.content, system: m.extends?.system }))).toEqual([
    {
      type: 'event',
      content: '',
      system: { kind: 'cleared', actor: { id: uid(who), name: who.userInfo.realname }, targets: [] },
    },
  ]);
const chatRow = async (id: string, as: User) =>
  (await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data.find((c: any) => c.id === id);

describe("who may clear a group's history", () => {
  const allowed: Actor[] = ['owner'];
  it.each(ACTORS.map((actor) => ({ actor, yes: allowed.includes(actor) })))(
    '$actor: allowed $yes',
    async ({ actor, yes }) => {
      const id = await castGroup(cast);
      await ok(send(id, cast.member, 'keep me?'));
      const { body } = await groupCall('clearMessage', { id }, cast[actor]);
      if (yes) expect(body.code, JSON.stringify(body)).toBe(0);
      else expect([400, 403], JSON.stringify(body)).toContain(body.code);
      const texts = (await history(id, cast.owner)).map((m) => m.content);
      expect(texts.includes('keep me?')).toBe(!yes);
    },
  );

  it('refuses an operator from the app, a member or not, whatever the token: the console clears', async () => {
    const [owner, member, outsideOps, insideOps] = await Promise.all([
      loginUser(),
      loginUser(),
      loginUser(),
      loginUser(),
    ]);
    for (const ops of [outsideOps, insideOps])
      await env.DB.prepare('UPDATE users SET role = 1 WHERE user_id = ?1').bind(uid(ops)).run();
    const id = await createGroup(owner, [member, insideOps]);
    await ok(send(id, member, 'not yours to wipe'));
    for (const ops of [outsideOps, insideOps]) {
      const { body } = await groupCall('clearMessage', { id }, await loginUser(ops.account));
      expect([400, 403], JSON.stringify(body)).toContain(body.code);
    }
    expect((await history(id, owner)).map((m) => m.content)).toContain('not yours to wipe');
  });
});

describe('what clearing does', () => {
  it('leaves one line in the chat saying who cleared it, read by nobody as unread', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    await ok(send(id, b, 'gone soon'));
    const sb = await connect(b.token);
    await ok(groupCall('clearMessage', { id }, a));
    const live = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'cleared');
    expect(live.data.extends.system.actor).toEqual({ id: uid(a), name: a.userInfo.realname });
    clearedBy(await history(id, b), a);
    await eventually(async () => expect(await chatRow(id, b)).toMatchObject({ unread: 0 }));
    sb.close();
  });

  it("deletes every message and its files, empties everyone's preview and unread, and tells every member live", async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c]);
    const sent = await uploadFile(a.token, id, 'photo.png', pngBytes(8, 8));
    expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
    const file = await env.DB.prepare('SELECT file_id, r2_key FROM files WHERE user_id = ?1 AND conversation_id = ?2')
      .bind(uid(a), id)
      .first<{ file_id: number; r2_key: string }>();
    await ok(send(id, b, 'unread by c'));
    await eventually(async () => expect((await chatRow(id, c)).unread).toBe(2));
    const [sb, sc] = await Promise.all([connect(b.token), connect(c.token)]);

    await ok(groupCall('clearMessage', { id }, a));
    expect((await sb.next((f) => f.type === 'clearMessage')).data).toEqual({ group_id: id });
    expect((await sc.next((f) => f.type === 'clearMessage')).data).toEqual({ group_id: id });
    for (const who of [a, b, c]) clearedBy(await history(id, who), a);
    const row = await chatRow(id, c);
    expect(row).toMatchObject({ unread: 0, lastContent: '', is_at: 0 });
    expect(await env.DB.prepare('SELECT 1 FROM files WHERE file_id = ?1').bind(file!.file_id).first()).toBeNull();
    expect(await env.FILES.head(file!.r2_key)).toBeNull();

    // The conversation goes on: the next message is new to everyone, and counted.
    await ok(send(id, b, 'after the clear'));
    expect((await sc.next((f) => f.type === 'group' && f.data.content === 'after the clear')).data.unread).toBe(1);
    expect((await history(id, c)).map((m) => m.content)).toEqual(['', 'after the clear']);
    await eventually(async () =>
      expect(await chatRow(id, c)).toMatchObject({ unread: 1, lastContent: 'after the clear' }),
    );
    sb.close();
    sc.close();
  });

  it('answers an empty group (nothing to clear) with success', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    await ok(groupCall('clearMessage', { id }, a));
    await ok(groupCall('clearMessage', { id }, a));
    clearedBy(await history(id, b), a);
  });
});
