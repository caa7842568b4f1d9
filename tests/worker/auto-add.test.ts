// Registration's automatic extras (social mode as there):
// chatInfo.autoAddUser assigns a customer-service agent round-robin, who greets the newcomer
// through the ordinary message path; chatInfo.autoAddGroup adds them to the auto group through its
// hub (members hear it live) and opens "{name}{n}" once it is full; neither extra ever fails the
// registration.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, eventually, loginUser, registerUser, resetConfig, setConfig } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const csOf = async (u: User) =>
  (await env.DB.prepare('SELECT cs_uid FROM user_notes WHERE user_id = ?1').bind(uid(u)).first<number>('cs_uid')) ?? 0;
const contacts = async (u: User) =>
  (await call('/enterprise/im/getContacts', {}, { token: u.token })).body.data as Record<string, any>[];
const groupsOf = async (u: User) =>
  (await contacts(u)).filter((c) => c.is_group === 1).map((c) => [c.displayName, c.owner_id]);
/** The groups `u` is in, once the hubs' D1 projection has caught up with `expected`. */
const inGroups = (u: User, expected: unknown[]) => eventually(async () => expect(await groupsOf(u)).toEqual(expected));

async function social(chatInfo: Record<string, unknown>) {
  await setConfig('sysInfo', { runMode: '2' });
  await setConfig('chatInfo', chatInfo as Record<string, string>);
}

afterEach(async () => {
  await resetConfig();
  await env.DB.prepare('DELETE FROM auto_add_state').run();
});

describe('chatInfo.autoAddUser', () => {
  it('gives newcomers the agents in turn, each greeted by theirs in a chat they see in the list and the history', async () => {
    const [first, second] = await Promise.all([loginUser(), loginUser()]);
    await social({
      autoAddUser: { status: '1', welcome: 'Welcome aboard!', user_ids: [String(uid(first)), String(uid(second))] },
    });
    const [a, b] = [await loginUser(), await loginUser()];
    expect([await csOf(a), await csOf(b)]).toEqual([uid(first), uid(second)]);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: String(uid(first)) },
      { token: a.token },
    );
    expect(history.body.data.map((m: any) => [m.content, m.fromUser.id])).toEqual([['Welcome aboard!', uid(first)]]);
    await eventually(async () =>
      expect((await contacts(a)).find((c) => String(c.id) === String(uid(first)))).toMatchObject({
        lastContent: 'Welcome aboard!',
      }),
    );
    // The agent's side has the chat too, and the newcomer may answer although they are not friends.
    await eventually(async () =>
      expect((await contacts(second)).some((c) => String(c.id) === String(uid(b)))).toBe(true),
    );
    const reply = await call(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'thanks', toContactId: String(uid(second)) },
      { token: b.token },
    );
    expect(reply.body.code, reply.body.msg).toBe(0);
  });

  it('does nothing in run mode 1, as in the reference, and starts once the mode is social', async () => {
    const agent = await loginUser();
    const setting = { autoAddUser: { status: '1', welcome: 'Hi', user_ids: [String(uid(agent))] } };
    await setConfig('chatInfo', setting as any);
    expect(await csOf(await loginUser())).toBe(0);
    await social(setting);
    expect(await csOf(await loginUser())).toBe(uid(agent));
  });
});

describe('chatInfo.autoAddGroup', () => {
  it('adds newcomers to the auto group (its members hear it live) and opens a new one once it is full', async () => {
    const owner = await loginUser();
    await social({ autoAddGroup: { status: '1', name: 'Spring', userMax: '3', owner_uid: String(uid(owner)) } });
    const a = await loginUser();
    await inGroups(a, [['Spring', uid(owner)]]);
    const socket = await connect(a.token, 'phone');
    await socket.next((f) => f.type === 'init');
    const b = await loginUser();
    const added = await socket.next((f) => f.type === 'addGroupUser');
    expect(added.data.user_ids).toEqual([uid(b)]);
    await inGroups(b, [['Spring', uid(owner)]]);
    const c = await loginUser();
    await inGroups(c, [['Spring2', uid(owner)]]);
    await eventually(async () =>
      expect((await groupsOf(owner)).map(([name]) => name).sort()).toEqual(['Spring', 'Spring2']),
    );
    socket.close();
  });

  it('opens a new group when the current one was dissolved', async () => {
    const owner = await loginUser();
    await social({ autoAddGroup: { status: '1', name: 'Hall', userMax: '50', owner_uid: String(uid(owner)) } });
    const a = await loginUser();
    await inGroups(a, [['Hall', uid(owner)]]);
    await env.DB.prepare("UPDATE groups SET status = 0 WHERE name = 'Hall'").run();
    const b = await loginUser();
    await inGroups(b, [['Hall2', uid(owner)]]);
  });
});

describe('a broken extra', () => {
  it('never fails the registration: an owner and agents who are gone are skipped', async () => {
    const [gone, agent] = await Promise.all([loginUser(), loginUser()]);
    await env.DB.prepare('UPDATE users SET status = 0 WHERE user_id = ?1').bind(uid(gone)).run();
    await social({
      autoAddUser: { status: '1', welcome: 'Hi', user_ids: [String(uid(gone)), '99999998', String(uid(agent))] },
      autoAddGroup: { status: '1', name: 'Lost', userMax: '10', owner_uid: '99999999' },
    });
    const made = await registerUser();
    const a = await loginUser(made.account);
    expect(await csOf(a)).toBe(uid(agent));
    await inGroups(a, []);
  });
});
