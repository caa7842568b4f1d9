// Recall by `id` alone and forward by `msg_id` alone, as the original's clients call them:
// the server finds the chat among the caller's, with the same checks as when it is named.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, delivered, fetchWorker, loginUser, pairHub, textMessage } from './helpers';

const groupDelivered = (group: string) => delivered(conversationHub(env, group) as unknown as DurableObjectStub);
const en = (as: User) => ({ token: as.token, lang: 'en' });

/** `from` writes to `to` and waits until both sides' chat lists have the chat. */
async function sendTo(from: User, to: User, content: string) {
  const reply = await call('/enterprise/im/sendMessage', textMessage(uid(to), content), { token: from.token });
  expect(reply.body.code).toBe(0);
  await delivered(pairHub(uid(from), uid(to)).stub);
  return reply.body.data as { id: string; msg_id: number };
}

/** A form-encoded call with the original web client's headers and body shape. */
async function formCall(path: string, form: string, as: User) {
  const res = await fetchWorker(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      'accept-language': 'en',
      authorization: as.token,
      sessionid: 'f00d',
    },
    body: form,
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

describe('recalling by id alone', () => {
  it('recalls the sender’s message and answers the chat as the sender names it', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sent = await sendTo(a, b, 'oops');
    const body = await formCall('/enterprise/im/undoMessage', `id=${sent.id}`, a);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ id: sent.id, is_undo: 1, toContactId: String(uid(b)) });
    const history = await call('/enterprise/im/getMessageList', { toContactId: uid(a) }, en(b));
    expect(history.body.data.find((m: any) => m.id === sent.id)).toMatchObject({ is_undo: 1, content: '' });
  });

  it('refuses the other side of the chat as when the chat is named, and a non-member as a missing message', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const sent = await sendTo(a, b, 'mine to take back');
    await sendTo(c, a, 'c has a chat too');
    const named = await call('/enterprise/im/undoMessage', { id: sent.id, toContactId: uid(a) }, en(b));
    const alone = await call('/enterprise/im/undoMessage', { id: sent.id }, en(b));
    expect(named.body.code).not.toBe(0);
    expect({ code: alone.body.code, msg: alone.body.msg }).toEqual({ code: named.body.code, msg: named.body.msg });
    const outsider = await call('/enterprise/im/undoMessage', { id: sent.id }, en(c));
    expect(outsider.body).toMatchObject({ code: 400, msg: 'The message does not exist' });
    const still = await call('/enterprise/im/getMessageList', { toContactId: uid(b) }, en(a));
    expect(still.body.data.find((m: any) => m.id === sent.id)).toMatchObject({
      is_undo: 0,
      content: 'mine to take back',
    });
  });

  it("lets a group's owner recall a member's message by id alone, as when the group is named", async () => {
    const [owner, member] = await Promise.all([loginUser(), loginUser()]);
    const group = await createGroup(owner, [member]);
    const text = textMessage(group, 'off topic');
    await ok(call('/enterprise/im/sendMessage', text, { token: member.token }));
    await groupDelivered(group);
    const body = await formCall('/enterprise/im/undoMessage', `id=${text.id}`, owner);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ id: text.id, is_undo: 1, toContactId: group });
  });
});

describe('forwarding by msg_id alone', () => {
  it('forwards a message from the one chat of the forwarder holding it (user_ids[] in a form body)', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const sent = await sendTo(b, a, 'pass it on');
    const body = await formCall('/enterprise/im/forwardMessage', `user_ids[]=${uid(c)}&msg_id=${sent.msg_id}`, a);
    expect(body.code).toBe(0);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ content: 'pass it on', from_user: uid(a) });
  });

  it('refuses a message the forwarder cannot see: not in any of their chats, or from before they joined', async () => {
    const [owner, member, late] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const group = await createGroup(owner, [member]);
    await ok(call('/enterprise/im/sendMessage', textMessage(group, 'before you came'), { token: owner.token }));
    const list = await call('/enterprise/im/getMessageList', { toContactId: group }, en(owner));
    const old = (list.body.data as any[]).find((m) => m.content === 'before you came').msg_id as number;
    await new Promise((r) => setTimeout(r, 5));
    await ok(groupCall('addGroupUser', { id: group, user_ids: [uid(late)] }, owner));
    await groupDelivered(group);
    const named = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: old, toContactId: group, user_ids: [uid(owner)] },
      en(late),
    );
    const alone = await call('/enterprise/im/forwardMessage', { msg_id: old, user_ids: [uid(owner)] }, en(late));
    expect(named.body.code).toBe(400);
    expect(alone.body).toMatchObject({ code: 400, msg: 'The message does not exist' });
    const stranger = await loginUser();
    const none = await call('/enterprise/im/forwardMessage', { msg_id: old, user_ids: [uid(owner)] }, en(stranger));
    expect(none.body).toMatchObject({ code: 400, msg: 'The message does not exist' });
  });

  it('refuses a msg_id that more than one of my chats holds, and forwards it once the chat is named', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const fromB = await sendTo(b, a, 'from b');
    const fromC = await sendTo(c, a, 'from c');
    expect(fromB.msg_id).toBe(fromC.msg_id);
    const alone = await call('/enterprise/im/forwardMessage', { msg_id: fromB.msg_id, user_ids: [uid(d)] }, en(a));
    expect(alone.body).toMatchObject({
      code: 400,
      msg: 'Several of your chats have a message with this number: name the chat it is in',
    });
    const named = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: fromC.msg_id, toContactId: uid(c), user_ids: [uid(d)] },
      en(a),
    );
    expect(named.body.code).toBe(0);
    expect(named.body.data[0].content).toBe('from c');
  });

  it('never guesses from the chat the original client fetched last: several chats holding the msg_id is refused', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const fromB = await sendTo(b, a, 'from b');
    const fromC = await sendTo(c, a, 'from c, private');
    expect(fromB.msg_id).toBe(fromC.msg_id);
    // The client caches history: the chat fetched last need not be the one on screen.
    const opened = await formCall('/enterprise/im/getMessageList', `toContactId=${uid(c)}&page=1&limit=10`, a);
    expect(opened.code).toBe(0);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const sent = await formCall('/enterprise/im/forwardMessage', `user_ids[]=${uid(d)}&msg_id=${fromB.msg_id}`, a);
      expect(sent).toMatchObject({
        code: 400,
        msg: 'Several of your chats have a message with this number: name the chat it is in',
      });
    }
    const toD = await call('/enterprise/im/getMessageList', { toContactId: uid(a) }, en(d));
    expect(toD.body.data ?? []).toHaveLength(0);
  });
});
