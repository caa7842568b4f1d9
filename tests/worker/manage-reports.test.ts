// Reports and moderation: a member reports a message they can see, with a reason;
// the queue holds the message and up to two on each side as the reporter saw them; an operator
// dismisses it, hides the message for everyone (every device hears "removed by an operator" live,
// history and chat list say so, its file stops downloading), or disables the sender (their socket
// closes at once); one's own message cannot be reported; each decision is audited.
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { createGroup, uid, type User } from './group-helpers';
import {
  call,
  eventually,
  loginUser,
  operator,
  pngBytes,
  registerUser,
  textMessage,
  uniqueAccount,
  uploadFile,
} from './helpers';
import { closeCode, connect } from './socket-helpers';

async function person(name: string): Promise<User> {
  const { account } = await registerUser(uniqueAccount(), 'secret12', name);
  return loginUser(account);
}
const say = async (as: User, to: string | number, text: string) =>
  (await call('/enterprise/im/sendMessage', textMessage(to, text), { token: as.token })).body.data as {
    msg_id: number;
  };
const report = (as: User, to: string | number, msgId: number, reason = 'harassment', note = '') =>
  call('/enterprise/im/reportMessage', { toContactId: to, msg_id: msgId, reason, note }, { token: as.token });
const queue = async (ops: User, status = 0) =>
  (await call('/manage/report/index', { status }, { token: ops.token })).body.data as any[];
const act = (ops: User, what: string, id: number) => call(`/manage/report/${what}`, { id }, { token: ops.token });
const download = async (path: string, token: string) =>
  (await exports.default.fetch(new Request(`http://parley.test${path}`, { headers: { authorization: token } }))).status;

async function scene() {
  const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
  const group = await createGroup(ann, [bob, cat], 'Club');
  for (const text of ['one', 'two']) await say(ann, group, text);
  const bad = await say(bob, group, 'something nasty');
  for (const text of ['three', 'four', 'five']) await say(ann, group, text);
  return { ann, bob, cat, group, bad };
}

describe('reporting a message', () => {
  it('files it once with the reason and what the reporter saw around it; one’s own message is refused', async () => {
    const ops = await operator(2);
    const { ann, bob, cat, group, bad } = await scene();
    const filed = await report(cat, group, bad.msg_id, 'harassment', 'third time today');
    expect(filed.body).toMatchObject({ code: 0, msg: 'Report sent. The operators will look at it.' });
    expect((await report(cat, group, bad.msg_id)).body.code).toBe(0); // again: nothing new
    expect((await report(bob, group, bad.msg_id)).body).toMatchObject({
      code: 400,
      msg: 'You cannot report your own message',
    });
    const mine = (await queue(ops)).filter((r) => r.conversation === group);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      reporter_name: 'Cat',
      sender_name: 'Bob',
      reason: 'harassment',
      note: 'third time today',
      status: 0,
    });
    expect(mine[0].context.map((l: any) => [l.content, l.reported])).toEqual([
      ['one', false],
      ['two', false],
      ['something nasty', true],
      ['three', false],
      ['four', false],
    ]);
    expect((await report(ann, group, bad.msg_id, 'nonsense')).body.code).not.toBe(0);
  });
});

describe('a report’s chat and system lines', () => {
  it('names the group it came from and keeps a system line’s who-did-what for the console to word', async () => {
    const ops = await operator(2);
    const [ann, bob, cat] = [await person('Ann'), await person('Bob'), await person('Cat')];
    const group = await createGroup(ann, [bob, cat], 'Garden club');
    const bad = await say(bob, group, 'rude words');
    expect((await report(cat, group, bad.msg_id)).body.code).toBe(0);
    const [mine] = (await queue(ops)).filter((r) => r.conversation === group);
    expect(mine.group_name).toBe('Garden club');
    const event = mine.context.find((l: any) => l.type === 'event');
    expect(event.system).toMatchObject({ kind: 'created', actor: { id: uid(ann) } });
    // A one-to-one chat has no group name: the console names the pair.
    const direct = await say(bob, uid(cat), 'rude again');
    expect((await report(cat, uid(bob), direct.msg_id)).body.code).toBe(0);
    const [pair] = (await queue(ops)).filter((r) => r.sender_id === uid(bob) && r.conversation !== group);
    expect(pair).toMatchObject({ group_name: '', reporter_name: 'Cat', sender_name: 'Bob' });
  });
});

describe('an operator’s decision', () => {
  it('hides the message for everyone, live and in history and the chat list, and settles the report', async () => {
    const ops = await operator(2);
    const { ann, bob, cat, group, bad } = await scene();
    await report(cat, group, bad.msg_id);
    await report(ann, group, bad.msg_id, 'spam');
    const [annSocket, bobSocket] = [await connect(ann.token, 'ann'), await connect(bob.token, 'bob')];
    const id = (await queue(ops)).find((r) => r.conversation === group && r.reporter_name === 'Cat').id;
    const hidden = await act(ops, 'hide', id);
    expect(hidden.body).toMatchObject({ code: 0, data: { status: 2 } });
    for (const socket of [annSocket, bobSocket]) {
      const frame = await socket.next((f) => f.type === 'undoMessage');
      expect(frame.data).toMatchObject({ msg_id: bad.msg_id, is_undo: 1, moderated: 1 });
    }
    const history = await call('/enterprise/im/getMessageList', { toContactId: group }, { token: cat.token });
    const shown = history.body.data.find((m: any) => m.msg_id === bad.msg_id);
    expect(shown).toMatchObject({ is_undo: 1, content: '', extends: { moderated: 1 } });
    // Ann's report of the same message is settled with it.
    expect((await queue(ops)).filter((r) => r.conversation === group)).toEqual([]);
    const trail = await env.DB.prepare('SELECT action FROM audit_log WHERE target = ?1').bind(`report:${id}`).all();
    expect(trail.results).toEqual([{ action: 'report.hide' }]);
    annSocket.close();
    bobSocket.close();
  });

  it('hides a message’s file: it stops downloading; the chat list says an operator removed it', async () => {
    const ops = await operator(2);
    const [ann, bob] = [await person('Ann'), await person('Bob')];
    const up = await uploadFile(bob.token, uid(ann), 'bad.png', pngBytes(8, 8));
    const url = up.body.data.content as string;
    expect(await download(url, ann.token)).toBe(200);
    await report(ann, uid(bob), up.body.data.msg_id, 'inappropriate');
    const id = (await queue(ops)).find((r) => r.sender_id === uid(bob)).id;
    expect((await act(ops, 'hide', id)).body.code).toBe(0);
    expect(await download(url, ann.token)).toBe(404);
    // The chat list reads the conversation's hub (its delivery to Ann's hub is a moment behind).
    await eventually(async () => {
      const chats = (await call('/enterprise/im/getContacts', {}, { token: ann.token })).body.data;
      expect(chats.find((c: any) => c.id === uid(bob))).toMatchObject({ lastContentUndo: 2 });
    });
  });

  it('disables the sender at once (their socket closes), or dismisses a report and changes nothing', async () => {
    const ops = await operator(2);
    const { bob, cat, group, bad } = await scene();
    await report(cat, group, bad.msg_id);
    const bobSocket = await connect(bob.token, 'bob');
    const [row] = (await queue(ops)).filter((r) => r.conversation === group);
    expect((await act(ops, 'disableSender', row.id)).body).toMatchObject({ code: 0, data: { status: 3 } });
    expect(await closeCode(bobSocket)).toBe(4001);
    expect((await call('/enterprise/im/getUserInfo', {}, { token: bob.token })).status).toBe(401);

    const other = await scene();
    await report(other.cat, other.group, other.bad.msg_id, 'other');
    const [open] = (await queue(ops)).filter((r) => r.conversation === other.group);
    expect((await act(ops, 'dismiss', open.id)).body).toMatchObject({ code: 0, data: { status: 1 } });
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: other.group },
      { token: other.cat.token },
    );
    expect(history.body.data.find((m: any) => m.msg_id === other.bad.msg_id).content).toBe('something nasty');
    expect((await queue(ops, 1)).map((r) => r.id)).toContain(open.id);
    expect((await act(ops, 'dismiss', 99_999_999)).body.code).toBe(400);
  });
});
