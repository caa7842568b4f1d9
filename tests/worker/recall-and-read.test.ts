import { afterEach, describe, expect, it } from 'vitest';

import { call, eventually, loginUser, resetConfig, setConfig, textMessage } from './helpers';
import { connect } from './socket-helpers';

const contactOf = async (token: string, id: number) =>
  (await call('/enterprise/im/getContacts', {}, { token })).body.data.find((c: any) => c.id === id);

describe('recall', () => {
  afterEach(resetConfig);

  it('lets the sender recall within the window and tells both sides', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const bSocket = await connect(b.token);
    const msg = textMessage(b.userInfo.user_id, 'oops');
    await call('/enterprise/im/sendMessage', msg, { token: a.token });
    const undo = await call(
      '/enterprise/im/undoMessage',
      { id: msg.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(undo.body.code).toBe(0);
    const frame = await bSocket.next((f) => f.type === 'undoMessage');
    expect(frame.data).toMatchObject({
      id: msg.id,
      from_user: a.userInfo.user_id,
      is_undo: 1,
      toContactId: a.userInfo.user_id,
    });
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data[0]).toMatchObject({ type: 'event', is_undo: 1, content: '' });
    expect((await contactOf(b.token, a.userInfo.user_id)).lastContentUndo).toBe(1);
    bSocket.close();
  });

  it("refuses recalling someone else's message", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const msg = textMessage(b.userInfo.user_id, 'not yours');
    await call('/enterprise/im/sendMessage', msg, { token: a.token });
    const undo = await call(
      '/enterprise/im/undoMessage',
      { id: msg.id, toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(undo.body.code).toBe(400);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data[0].content).toBe('not yours');
  });

  it('refuses a recall after the window (chatInfo.redoTime) has passed', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    await setConfig('chatInfo', { redoTime: '1' });
    const msg = textMessage(b.userInfo.user_id, 'too late');
    await call('/enterprise/im/sendMessage', msg, { token: a.token });
    await new Promise((r) => setTimeout(r, 1100));
    const undo = await call(
      '/enterprise/im/undoMessage',
      { id: msg.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(undo.body).toMatchObject({ code: 400, msg: 'Messages older than 1 minutes cannot be recalled' });
  });
});

describe('unread counts', () => {
  it('adds one per message from others, none for own messages, and clears on read', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aSocket = await connect(a.token);
    for (const t of ['1', '2', '3'])
      await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, t), { token: a.token });
    await eventually(async () =>
      expect(await contactOf(b.token, a.userInfo.user_id)).toMatchObject({ unread: 3, lastContent: '3' }),
    );
    await eventually(async () =>
      expect(await contactOf(a.token, b.userInfo.user_id)).toMatchObject({ unread: 0, lastContent: '3' }),
    );
    const read = await call(
      '/enterprise/im/setMsgIsRead',
      { toContactId: a.userInfo.user_id, is_group: 0 },
      { token: b.token },
    );
    expect(read.body.code).toBe(0);
    const isRead = await aSocket.next((f) => f.type === 'isRead');
    expect(isRead.data).toMatchObject({ toContactId: b.userInfo.user_id, seq: 3 });
    expect(isRead.data.ids).toHaveLength(3);
    expect((await contactOf(b.token, a.userInfo.user_id)).unread).toBe(0);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(history.body.data.every((m: any) => m.is_read === 1)).toBe(true);
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, '4'), { token: a.token });
    await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'reply'), { token: b.token });
    await eventually(async () =>
      expect(await contactOf(b.token, a.userInfo.user_id)).toMatchObject({ unread: 0, lastContent: 'reply' }),
    );
    await eventually(async () =>
      expect(await contactOf(a.token, b.userInfo.user_id)).toMatchObject({
        unread: 1,
        lastContent: 'reply',
        type: 'text',
      }),
    );
    aSocket.close();
  });

  it("clears the badge on the reader's other devices and tells the sender's devices how far was read", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const [aPhone, bPhone, bLaptop] = await Promise.all([
      connect(a.token, 'a-phone'),
      connect(b.token, 'b-phone'),
      connect(b.token, 'b-laptop'),
    ]);
    for (const t of ['1', '2'])
      await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, t), { token: a.token });
    await bLaptop.until((frames) => frames.filter((f) => f.type === 'simple').length === 2);
    expect(bLaptop.frames.filter((f) => f.type === 'simple').map((f) => f.data.unread)).toEqual([1, 2]);

    // B reads on the phone; the laptop's badge for A goes to 0.
    expect(
      (await call('/enterprise/im/setMsgIsRead', { toContactId: a.userInfo.user_id, is_group: 0 }, { token: b.token }))
        .body.code,
    ).toBe(0);
    for (const device of [bPhone, bLaptop]) {
      const readAll = await device.next((f) => f.type === 'readAll');
      expect(readAll.data).toEqual({ toContactId: a.userInfo.user_id, reader: b.userInfo.user_id, seq: 2, unread: 0 });
    }
    // A's devices learn that B read through seq 2 (isRead with the ids, then readAll without a count of A's own).
    const [isRead, readAll] = await Promise.all([
      aPhone.next((f) => f.type === 'isRead'),
      aPhone.next((f) => f.type === 'readAll'),
    ]);
    expect(isRead.data).toMatchObject({ toContactId: b.userInfo.user_id, reader: b.userInfo.user_id, seq: 2 });
    expect(readAll.data).toEqual({ toContactId: b.userInfo.user_id, reader: b.userInfo.user_id, seq: 2 });
    // Reading again changes nothing and sends nothing new.
    const before = bLaptop.frames.length;
    await call('/enterprise/im/setMsgIsRead', { toContactId: a.userInfo.user_id, is_group: 0 }, { token: b.token });
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'marker'), { token: a.token });
    await bLaptop.next((f) => f.type === 'simple' && f.data.content === 'marker');
    expect(bLaptop.frames.slice(before).map((f) => f.type)).toEqual(['simple']);
    for (const s of [aPhone, bPhone, bLaptop]) s.close();
  });

  it("keeps pin and mute per user and syncs them to the user's devices", async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const aSocket = await connect(a.token);
    await call('/enterprise/im/setChatTop', { id: b.userInfo.user_id, is_top: 1, is_group: 0 }, { token: a.token });
    await call('/enterprise/im/isNotice', { id: b.userInfo.user_id, is_notice: 0, is_group: 0 }, { token: a.token });
    await aSocket.next((f) => f.type === 'setChatTop' && f.data.is_top === 1);
    await aSocket.next((f) => f.type === 'setIsNotice' && f.data.is_notice === 0);
    expect(await contactOf(a.token, b.userInfo.user_id)).toMatchObject({ is_top: 1, is_notice: 0 });
    expect(await contactOf(b.token, a.userInfo.user_id)).toMatchObject({ is_top: 0, is_notice: 1 });
    expect(
      (await call('/enterprise/im/setChatTop', { id: b.userInfo.user_id, is_top: 7 }, { token: a.token })).body.code,
    ).toBe(400);
    aSocket.close();
  });
});
