// Editing a sent text message: the sender, within chatInfo.editTime, changes the
// text; every member's socket gets `updateMessage` (logged, so a sync replays it), history shows the
// new text marked edited, a reply's quote and the chat list preview follow; refused for anyone but
// the sender, past the window or with editing off, and for recalled, forwarded and non-text messages.
import { afterEach, describe, expect, it } from 'vitest';

import { createGroup } from './group-helpers';
import {
  call,
  delivered,
  inObject,
  loginUser,
  pairHub,
  pngBytes,
  resetConfig,
  setConfig,
  textMessage,
  uploadFile,
} from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;

const send = async (from: User, to: number | string, text: string, extra: Record<string, unknown> = {}) => {
  const sent = await call('/enterprise/im/sendMessage', { ...textMessage(to, text), ...extra }, { token: from.token });
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
  return sent.body.data as { msg_id: number; id: string };
};
const edit = (as: User, to: number | string, msgId: number, content: string, lang = 'en') =>
  call('/enterprise/im/editMessage', { toContactId: to, msg_id: msgId, content }, { token: as.token, lang });
const history = async (as: User, to: number | string) =>
  (await call('/enterprise/im/getMessageList', { toContactId: to }, { token: as.token })).body.data as {
    msg_id: number;
    content: string;
    extends: Record<string, any> | null;
  }[];

afterEach(() => resetConfig());

describe('editing a message', () => {
  it('changes the text for everyone live, in history (marked edited), in quotes and the chat list preview', async () => {
    const [a, b] = [await loginUser(), await loginUser()];
    const first = await send(a, uid(b), 'See you at 5');
    const reply = await send(b, uid(a), 'ok', { pid: first.msg_id });
    const bSocket = await connect(b.token, 'b');
    const aOther = await connect(a.token, 'a2');

    const edited = await edit(a, uid(b), first.msg_id, 'See you at 6');
    expect(edited.body).toMatchObject({ code: 0, data: { msg_id: first.msg_id, content: 'See you at 6' } });
    for (const s of [bSocket, aOther]) {
      const frame = await s.next((f) => f.type === 'updateMessage');
      expect(frame.data).toMatchObject({ id: first.id, msg_id: first.msg_id, type: 'text', content: 'See you at 6' });
      expect(frame.data.edited).toBeGreaterThan(0);
    }
    expect((await bSocket.next((f) => f.type === 'updateMessage')).data.toContactId).toBe(uid(a));

    const seen = await history(b, uid(a));
    const line = seen.find((m) => m.msg_id === first.msg_id)!;
    expect(line.content).toBe('See you at 6');
    expect(line.extends?.edited).toBeGreaterThan(0);
    expect(seen.find((m) => m.msg_id === reply.msg_id)!.extends?.quote).toMatchObject({ content: 'See you at 6' });

    // The newest message edited: the chat list preview follows.
    const last = await send(a, uid(b), 'Bring the tikets');
    await edit(a, uid(b), last.msg_id, 'Bring the tickets');
    await delivered(pairHub(uid(a), uid(b)).stub);
    const contacts = (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data as {
      id: number;
      lastContent: string;
    }[];
    expect(contacts.find((c) => c.id === uid(a))?.lastContent).toBe('Bring the tickets');

    // Logged: a device that was away gets it by sync.
    const later = await connect(b.token, 'b3');
    later.send({ type: 'sync', since: 0 });
    const replayed = await later.next((f) => f.type === 'updateMessage' && f.data.msg_id === last.msg_id);
    expect(replayed.data.content).toBe('Bring the tickets');
    for (const s of [bSocket, aOther, later]) s.close();
  });

  it('reaches every member of a group who may see the message', async () => {
    const [owner, ann] = [await loginUser(), await loginUser()];
    const group = await createGroup(owner, [ann], 'Editors');
    const annSocket = await connect(ann.token, 'a');
    const sent = await send(owner, group, 'Meeting on Monday');
    expect((await edit(owner, group, sent.msg_id, 'Meeting on Tuesday')).body.code).toBe(0);
    const frame = await annSocket.next((f) => f.type === 'updateMessage');
    expect(frame.data).toMatchObject({ toContactId: group, content: 'Meeting on Tuesday' });
    annSocket.close();
  });

  it('refuses anyone but the sender, recalled, forwarded and non-text messages, with the reason', async () => {
    const [a, b] = [await loginUser(), await loginUser()];
    const mine = await send(a, uid(b), 'hello');
    const notYours = await edit(b, uid(a), mine.msg_id, 'hacked');
    expect(notYours.body.code).not.toBe(0);
    const recalled = await send(a, uid(b), 'oops');
    expect(
      (await call('/enterprise/im/undoMessage', { toContactId: uid(b), id: recalled.id }, { token: a.token })).body
        .code,
    ).toBe(0);
    expect((await edit(a, uid(b), recalled.msg_id, 'fixed')).body.code).not.toBe(0);
    const picture = await uploadFile(a.token, uid(b), 'p.png', pngBytes(4, 4));
    const imageEdit = await edit(a, uid(b), picture.body.data.msg_id, 'caption');
    expect(imageEdit.body).toMatchObject({
      code: 400,
      msg: 'Only your own text messages can be edited (not forwarded or recalled ones)',
    });
    const forwarded = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: mine.msg_id, toContactId: uid(b), user_ids: [uid(b)] },
      { token: a.token },
    );
    expect(forwarded.body.code).toBe(0);
    const copy = (await history(a, uid(b))).find((m) => m.extends?.is_forward === 1)!;
    expect((await edit(a, uid(b), copy.msg_id, 'changed')).body.code).not.toBe(0);
    expect((await edit(a, uid(b), mine.msg_id, '')).body.code).not.toBe(0);
    // Nothing of it changed the original.
    expect((await history(b, uid(a))).find((m) => m.msg_id === mine.msg_id)!.content).toBe('hello');
  });

  it('refuses past chatInfo.editTime, and always when it is 0, in the asker’s language', async () => {
    const [a, b] = [await loginUser(), await loginUser()];
    const sent = await send(a, uid(b), 'old news');
    // Make the message three hours old, then allow two hours.
    const { stub } = pairHub(uid(a), uid(b));
    await inObject(stub, (_hub, state) => {
      state.storage.sql.exec('UPDATE messages SET send_time = send_time - ? WHERE seq = ?', 3 * 3600_000, sent.msg_id);
    });
    await setConfig('chatInfo', { editTime: '7200' });
    const late = await edit(a, uid(b), sent.msg_id, 'new news', 'vi');
    expect(late.body).toMatchObject({ code: 400, msg: 'Tin nhắn này không còn sửa được nữa' });
    const fresh = await send(a, uid(b), 'fresh');
    await setConfig('chatInfo', { editTime: '0' });
    expect((await edit(a, uid(b), fresh.msg_id, 'fresher')).body.code).toBe(400);
    await setConfig('chatInfo', { editTime: '7200' });
    expect((await edit(a, uid(b), fresh.msg_id, 'fresher')).body.code).toBe(0);
  });
});
