import { exports } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';

import { call, eventually, loginUser, pngBytes, resetConfig, setConfig, textMessage, uploadFile } from './helpers';
import { connect } from './socket-helpers';

describe('forwarding', () => {
  it('copies a message to up to five chats as the forwarder, live', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const sent = await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'pass it on'), {
      token: b.token,
    });
    const dSocket = await connect(d.token);
    const forward = await call(
      '/enterprise/im/forwardMessage',
      {
        msg_id: sent.body.data.msg_id,
        toContactId: b.userInfo.user_id,
        user_ids: [c.userInfo.user_id, d.userInfo.user_id],
      },
      { token: a.token },
    );
    expect(forward.body.code).toBe(0);
    expect(forward.body.data).toHaveLength(2);
    const frame = await dSocket.next((f) => f.type === 'simple');
    expect(frame.data).toMatchObject({ content: 'pass it on', toContactId: a.userInfo.user_id });
    expect(frame.data.fromUser.id).toBe(a.userInfo.user_id);
    expect(frame.data.id).not.toBe(sent.body.data.id);
    dSocket.close();
  });

  it('refuses no targets, more than five, and messages of chats the caller is not in', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'private'), {
      token: a.token,
    });
    const none = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: sent.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [] },
      { token: a.token },
    );
    expect(none.body).toMatchObject({ code: 400, msg: 'Forward to at least 1 and at most 5 chats' });
    const six = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: sent.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [1, 2, 3, 4, 5, 6] },
      { token: a.token },
    );
    expect(six.body.code).toBe(400);
    // C names B as the source chat: that is the C–B conversation, which has no such message.
    const foreign = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: sent.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [a.userInfo.user_id] },
      { token: c.token },
    );
    expect(foreign.body.code).toBe(400);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: c.userInfo.user_id },
      { token: a.token },
    );
    expect(history.body.data).toHaveLength(0);
  });

  it('lets the target chat download a forwarded file', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'notes.txt', new TextEncoder().encode('shared notes'));
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: up.body.data.msg_id, toContactId: b.userInfo.user_id, user_ids: [c.userInfo.user_id] },
      { token: a.token },
    );
    const copy = forward.body.data[0];
    expect(copy.content).not.toBe(up.body.data.content);
    const res = await exports.default.fetch(
      new Request(`http://parley.test${copy.content}`, { headers: { authorization: c.token } }),
    );
    expect(await res.text()).toBe('shared notes');
    const original = await exports.default.fetch(
      new Request(`http://parley.test${up.body.data.content}`, { headers: { authorization: c.token } }),
    );
    expect(original.status).toBe(404);
    await original.arrayBuffer();
  });
});

describe('history search and chat deletion', () => {
  it('finds messages by keyword and type, newest first, with the total', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    for (const t of ['lunch at noon?', 'ok', 'lunch again tomorrow', '100% sure_thing'])
      await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, t), { token: a.token });
    const found = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id, type: 'all', keywords: 'lunch' },
      { token: b.token },
    );
    expect(found.body.data.map((m: any) => m.content)).toEqual(['lunch again tomorrow', 'lunch at noon?']);
    expect(found.body.count).toBe(2);
    const literal = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id, type: 'text', keywords: '%' },
      { token: b.token },
    );
    expect(literal.body.data.map((m: any) => m.content)).toEqual(['100% sure_thing']);
    const images = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id, type: 'image' },
      { token: b.token },
    );
    expect(images.body.data).toHaveLength(0);
  });

  it('hides a deleted chat from the list until a new message arrives', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const row = async () =>
      (await call('/enterprise/im/getContacts', {}, { token: b.token })).body.data.find(
        (c: any) => c.id === a.userInfo.user_id,
      );
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'hi'), { token: a.token });
    await eventually(async () => expect(await row()).toMatchObject({ lastContent: 'hi', unread: 1 }));
    expect(
      (await call('/enterprise/im/delChat', { id: a.userInfo.user_id, is_group: 0 }, { token: b.token })).body.code,
    ).toBe(0);
    expect(await row()).toMatchObject({ lastContent: '', unread: 0 });
    await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'back again'), { token: a.token });
    await eventually(async () => expect(await row()).toMatchObject({ lastContent: 'back again', unread: 2 }));
  });
});

describe('one-to-one chat closed by the operator (chatInfo.simpleChat = 0)', () => {
  afterEach(resetConfig);

  it('refuses sending, forwarding and uploading into a one-to-one chat, and stores nothing', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const sent = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'before'), {
      token: a.token,
    });
    await setConfig('chatInfo', { simpleChat: '0' });
    const refusal = {
      code: 400,
      msg: 'The system has closed the single chat, or the group has turned on the ban, unable to send messages',
    };
    expect(
      (await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'after'), { token: a.token })).body,
    ).toMatchObject(refusal);
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { user_ids: [c.userInfo.user_id], msg_id: sent.body.data.msg_id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(forward.body).toMatchObject(refusal);
    const upload = await uploadFile(a.token, b.userInfo.user_id, 'notes.txt', new TextEncoder().encode('plain notes'));
    expect(upload.body).toMatchObject(refusal);
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(history.body.data.map((m: any) => m.content)).toEqual(['before']);
    const toC = await call('/enterprise/im/getMessageList', { toContactId: a.userInfo.user_id }, { token: c.token });
    expect(toC.body.data).toEqual([]);
  });
});

describe('quotes', () => {
  it('are written by the server from the quoted message, whatever the client claims', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const original = await call('/enterprise/im/sendMessage', textMessage(a.userInfo.user_id, 'see you at eight'), {
      token: b.token,
    });
    const reply = await call(
      '/enterprise/im/sendMessage',
      {
        ...textMessage(b.userInfo.user_id, 'deal'),
        extends: {
          quote: {
            msg_id: original.body.data.msg_id,
            content: 'I owe you $100',
            user_id: a.userInfo.user_id,
            realname: 'Someone Else',
          },
        },
      },
      { token: a.token },
    );
    expect(reply.body.code).toBe(0);
    expect(reply.body.data.pid).toBe(original.body.data.msg_id);
    expect(reply.body.data.extends.quote).toEqual({
      msg_id: original.body.data.msg_id,
      user_id: b.userInfo.user_id,
      realname: b.userInfo.realname,
      type: 'text',
      content: 'see you at eight',
    });
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: a.userInfo.user_id },
      { token: b.token },
    );
    expect(history.body.data.at(-1).extends.quote.content).toBe('see you at eight');
  });

  it('quote media by type, and leave out recalled or unknown messages', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const photo = await uploadFile(a.token, b.userInfo.user_id, 'p.png', pngBytes(4, 3));
    const ofPhoto = await call(
      '/enterprise/im/sendMessage',
      { ...textMessage(b.userInfo.user_id, 'nice'), pid: photo.body.data.msg_id },
      { token: a.token },
    );
    expect(ofPhoto.body.data.extends.quote).toMatchObject({ type: 'image', content: '' });

    const gone = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'oops'), { token: a.token });
    await call(
      '/enterprise/im/undoMessage',
      { id: gone.body.data.id, toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    for (const pid of [gone.body.data.msg_id, 9999]) {
      const reply = await call(
        '/enterprise/im/sendMessage',
        { ...textMessage(b.userInfo.user_id, 'what?'), pid },
        { token: a.token },
      );
      expect(reply.body.code).toBe(0);
      expect(reply.body.data).toMatchObject({ pid: 0, extends: null, content: 'what?' });
    }
  });

  it('refuses a malformed quote and stores nothing', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    for (const extra of [{ extends: { quote: { msg_id: 'first' } } }, { extends: { quote: 'text' } }, { pid: 'x' }]) {
      const reply = await call(
        '/enterprise/im/sendMessage',
        { ...textMessage(b.userInfo.user_id, 'hm'), ...extra },
        { token: a.token, lang: 'en' },
      );
      expect(reply.body).toMatchObject({ code: 400, msg: 'Invalid parameters' });
    }
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: b.userInfo.user_id },
      { token: a.token },
    );
    expect(history.body.data).toHaveLength(0);
  });

  it('is dropped when the reply is forwarded', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const original = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'question'), {
      token: a.token,
    });
    const reply = await call(
      '/enterprise/im/sendMessage',
      { ...textMessage(a.userInfo.user_id, 'answer'), pid: original.body.data.msg_id },
      { token: b.token },
    );
    expect(reply.body.data.extends.quote.content).toBe('question');
    const forward = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: reply.body.data.msg_id, toContactId: a.userInfo.user_id, user_ids: [c.userInfo.user_id] },
      { token: b.token },
    );
    // The copy keeps only the forward mark (what the web labels "Forwarded").
    expect(forward.body.data[0]).toMatchObject({ content: 'answer', pid: 0, extends: { is_forward: 1 } });
    expect(reply.body.data.extends.is_forward).toBeUndefined();
  });
});
