// The operator console's groups: an operator who is not a member finds groups,
// reads their members, adds and removes members, sets managers, hands the group to a new owner and
// dissolves it; each change reaches the members live exactly as the same change in the app does
// (the group hub's one path, with its system line), is audited, and cannot be reached from the app.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import app from '../../worker/index';
import { createGroup, groupCall, uid, type User } from './group-helpers';
import { call, eventually, loginUser, operator, registerUser, textMessage, uniqueAccount } from './helpers';
import { connect } from './socket-helpers';

const manage = (as: User, path: string, body: Record<string, unknown> = {}) =>
  call(`/manage/group/${path}`, body, { token: as.token });

async function person(name: string): Promise<User> {
  const { account } = await registerUser(uniqueAccount(), 'secret12', name);
  return loginUser(account);
}

const roles = async (ops: User, id: string) =>
  Object.fromEntries(
    ((await manage(ops, 'users', { id })).body.data as { user_id: number; role: number }[]).map((m) => [
      m.user_id,
      m.role,
    ]),
  );

describe('manage/group', () => {
  it('finds a group by its name without Vietnamese diacritics', async () => {
    const ops = await operator(2);
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const tag = `Lan${Date.now() % 100000}`;
    await createGroup(ann, [bob], `${tag} Đội Bóng Hà Nội`);
    const found = await eventually(async () => {
      const reply = await manage(ops, 'index', { keywords: `${tag.toLowerCase()} doi bong ha noi` });
      expect(reply.body.count).toBe(1);
      expect(reply.body.data[0]?.members).toBe(2);
      return reply;
    });
    expect(found.body.data[0]).toMatchObject({ name: `${tag} Đội Bóng Hà Nội`, members: 2 });
  });

  it('finds groups by name with their owner and size, and lists a group’s members with roles', async () => {
    const ops = await operator(2);
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const tag = `Orchid${Date.now() % 100000}`;
    const id = await createGroup(ann, [bob], `${tag} club`);
    // The list reads D1's projection of the group, which the hub writes a moment after the change.
    const found = await eventually(async () => {
      const reply = await manage(ops, 'index', { keywords: tag });
      expect(reply.body.data[0]?.members).toBe(2);
      return reply;
    });
    expect(found.body).toMatchObject({ code: 0, count: 1 });
    expect(found.body.data[0]).toMatchObject({ name: `${tag} club`, owner_name: 'Ann', members: 2 });
    expect(await roles(ops, id)).toEqual({ [uid(ann)]: 1, [uid(bob)]: 3 });
  });

  it('removes a member as the app does: the member’s chat goes, the others see it live with its line, audited', async () => {
    const ops = await operator(2);
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const id = await createGroup(ann, [bob, cat], 'Book club');
    const [annSocket, bobSocket] = [await connect(ann.token, 'ann'), await connect(bob.token, 'bob')];
    const removed = await manage(ops, 'delGroupUser', { id, user_id: uid(bob) });
    expect(removed.body.code).toBe(0);
    expect((await bobSocket.next((f) => f.type === 'removeGroup')).data).toMatchObject({
      group_id: id,
      reason: 'removed',
    });
    expect((await annSocket.next((f) => f.type === 'removeUser')).data).toMatchObject({
      group_id: id,
      user_id: uid(bob),
    });
    const line = await annSocket.next(
      (f) => f.type === 'group' && f.data.type === 'event' && f.data.extends.system.kind === 'removed',
    );
    expect(line.data.extends.system).toMatchObject({ kind: 'removed', targets: [{ id: uid(bob) }] });
    expect(await roles(ops, id)).toEqual({ [uid(ann)]: 1, [uid(cat)]: 3 });
    // The owner cannot be removed, even by an operator: hand the group over first.
    expect((await manage(ops, 'delGroupUser', { id, user_id: uid(ann) })).body.code).toBe(400);
    const trail = await env.DB.prepare('SELECT action, actor_id FROM audit_log WHERE target = ?1')
      .bind(`group:${id.slice('group-'.length)}`)
      .all();
    expect(trail.results).toEqual([{ action: 'group.removeUser', actor_id: uid(ops) }]);
    annSocket.close();
    bobSocket.close();
  });

  it('adds members, sets a manager and hands the group to a new owner (the old one becomes a member)', async () => {
    const ops = await operator(2);
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const id = await createGroup(ann, [bob], 'Hikers');
    const catSocket = await connect(cat.token, 'cat');
    expect((await manage(ops, 'addGroupUser', { id, user_ids: [uid(cat)] })).body.code).toBe(0);
    expect((await catSocket.next((f) => f.type === 'addGroup')).data).toMatchObject({ id, displayName: 'Hikers' });
    expect((await manage(ops, 'setManager', { id, user_id: uid(bob), role: 2 })).body.code).toBe(0);
    expect((await manage(ops, 'changeOwner', { id, user_id: uid(cat) })).body.code).toBe(0);
    expect(await roles(ops, id)).toEqual({ [uid(cat)]: 1, [uid(bob)]: 2, [uid(ann)]: 3 });
    // The app sees the same: Cat, now the owner, may change its settings; Ann may no longer.
    expect((await groupCall('groupSetting', { id, setting: { invite: 0 } }, cat)).body.code).toBe(0);
    expect((await groupCall('groupSetting', { id, setting: { invite: 1 } }, ann)).body.code).toBe(400);
    catSocket.close();
  });

  it('dissolves a group: every member is told, and the group is gone from the list', async () => {
    const ops = await operator(2);
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const tag = `Gone${Date.now() % 100000}`;
    const id = await createGroup(ann, [bob], tag);
    const [annSocket, bobSocket] = [await connect(ann.token, 'ann'), await connect(bob.token, 'bob')];
    expect((await manage(ops, 'del', { id })).body.code).toBe(0);
    for (const socket of [annSocket, bobSocket])
      expect((await socket.next((f) => f.type === 'removeGroup')).data).toMatchObject({
        group_id: id,
        reason: 'dissolved',
      });
    expect((await manage(ops, 'index', { keywords: tag })).body.count).toBe(0);
    expect((await manage(ops, 'del', { id })).body.code).toBe(400);
    annSocket.close();
    bobSocket.close();
  });

  it('gives nobody the operator’s rights through the app: an "operator" field in a body is ignored', async () => {
    const [ann, bob, eve] = [await person('Ann'), await person('Bob'), await person('Eve')];
    const id = await createGroup(ann, [bob], 'Private');
    const tried = await call(
      '/enterprise/group/removeUser',
      { id, user_id: uid(bob), operator: true },
      { token: eve.token },
    );
    expect(tried.body.code).not.toBe(0);
    const ops = await operator(2);
    expect(await roles(ops, id)).toEqual({ [uid(ann)]: 1, [uid(bob)]: 3 });
  });
});

describe('manage/group/clearMessage', () => {
  const history = async (id: string, as: User) =>
    (await call('/enterprise/im/getMessageList', { toContactId: id, limit: 100 }, { token: as.token })).body.data as {
      content: string;
      extends?: { system?: { kind: string; actor: { id: number } } };
    }[];
  const trail = async (id: string) =>
    (
      await env.DB.prepare('SELECT action, actor_id, after FROM audit_log WHERE target = ?1')
        .bind(`group:${id.slice('group-'.length)}`)
        .all()
    ).results;

  it('lets a super admin who is not a member clear a group: members hear it live, the chat names who, audited', async () => {
    const boss = await operator(1);
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const id = await createGroup(ann, [bob], 'Loud');
    await call('/enterprise/im/sendMessage', { ...textMessage(id, 'something to remove') }, { token: bob.token });
    const bobSocket = await connect(bob.token, 'bob');
    const cleared = await manage(boss, 'clearMessage', { group_id: id });
    expect(cleared.body).toMatchObject({ code: 0, data: { group_id: id } });
    expect((await bobSocket.next((f) => f.type === 'clearMessage')).data).toEqual({ group_id: id });
    const left = await history(id, ann);
    expect(left.map((m) => [m.content, m.extends?.system?.kind, m.extends?.system?.actor.id])).toEqual([
      ['', 'cleared', uid(boss)],
    ]);
    // By the group's number too, as the console lists it.
    expect((await manage(boss, 'clearMessage', { group_id: Number(id.slice(6)) })).body.code).toBe(0);
    expect((await trail(id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['group.clearMessage', uid(boss)],
      ['group.clearMessage', uid(boss)],
    ]);
    bobSocket.close();
  });

  it('refuses an admin, the demo’s shared super admin, an unknown group and a bad body, clearing nothing', async () => {
    const admin = await operator(2);
    const demo = await operator(1);
    await env.DB.prepare('UPDATE users SET is_demo = 1 WHERE user_id = ?1').bind(uid(demo)).run();
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const id = await createGroup(ann, [bob], 'Quiet');
    await call('/enterprise/im/sendMessage', textMessage(id, 'stays'), { token: bob.token });
    expect((await manage(admin, 'clearMessage', { group_id: id })).body).toMatchObject({
      code: 400,
      msg: 'You do not have permission to do this',
    });
    const ctx = createExecutionContext();
    const asDemo = await app.fetch(
      new Request('http://parley.test/manage/group/clearMessage', {
        method: 'POST',
        headers: { authorization: demo.token, 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ group_id: id }),
      }),
      { ...env, DEMO_MODE: 'true' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await asDemo.json()).toMatchObject({ code: 400, msg: 'Demo mode does not allow this change' });
    const boss = await operator(1);
    expect((await manage(boss, 'clearMessage', { group_id: 'group-99999999' })).body).toMatchObject({
      code: 400,
      msg: 'The group does not exist or was dissolved',
    });
    for (const bad of [{}, { group_id: 'nope' }, { group_id: [1] }]) {
      const { status, body } = await manage(boss, 'clearMessage', bad);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 400, msg: 'Invalid parameters' });
    }
    expect((await history(id, ann)).map((m) => m.content)).toContain('stays');
    expect(await trail(id)).toEqual([]);
  });
});
