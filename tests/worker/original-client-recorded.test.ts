// The original web client's own calls, replayed: the request shapes below were
// recorded from raingad-im-web's production build driving Parley (`RECORD=… npm run test:compat`):
// form-encoded bodies as its qs.stringify writes them, its `Authorization` and `sessionId` headers,
// its socket handshake. Each answer is checked for the fields that client reads
// (src/components/message/index.vue, socket.vue, store/index.js), so a change that would break it
// fails here, in `npm test`, without the client's build.
import { describe, expect, it } from 'vitest';

import { call, delivered, fetchWorker, pairHub, registerUser, textMessage, uniqueIp } from './helpers';
import { connectOriginal } from './socket-helpers';

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';

/** What qs.stringify (the client's encoder) makes of an object: a[b][c]=…, a[0]=…, '' for null. */
function qs(value: unknown, prefix = ''): string[] {
  if (value === null || value === undefined) return [`${encodeURIComponent(prefix)}=`];
  if (typeof value !== 'object') return [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => qs(v, prefix ? `${prefix}[${k}]` : k));
}
const form = (body: Record<string, unknown>) => qs(body).join('&');

interface Session {
  headers: Record<string, string>;
  token: string;
  user: { user_id: number; realname: string };
}

/** The client's login: a form body, then `Authorization: <authToken verbatim>` and `sessionId` on every call. */
async function signIn(): Promise<Session> {
  const { account, password } = await registerUser(undefined, undefined, `Client ${Date.now() % 1000}`);
  const res = await fetchWorker('/common/pub/login', {
    method: 'POST',
    headers: { 'content-type': FORM, 'cf-connecting-ip': uniqueIp() },
    body: `account=${account}&password=${password}&code=`,
  });
  const { code, data } = (await res.json()) as { code: number; data: any };
  expect(code).toBe(0);
  return {
    headers: { authorization: data.authToken, sessionid: data.sessionId, 'accept-language': 'zh-CN' },
    token: data.authToken,
    user: data.userInfo,
  };
}

async function post(as: Session, path: string, body: string | null) {
  const res = await fetchWorker(path, {
    method: 'POST',
    headers: { 'content-type': FORM, ...as.headers },
    ...(body === null ? {} : { body }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; count?: number; page?: number; data: any };
}

/** The fields the client reads of a message (its chat pane, record list and recall handling). */
function expectClientMessage(m: any) {
  for (const field of ['msg_id', 'id', 'type', 'content', 'sendTime', 'status', 'toContactId', 'is_read', 'is_group'])
    expect(m, field).toHaveProperty(field);
  expect(m.fromUser).toMatchObject({ id: expect.any(Number), displayName: expect.any(String) });
  expect(m.fromUser).toHaveProperty('avatar');
}

describe('the original web client, replayed', () => {
  it('chats: contacts, its HTML text send, history, reads, recall by id and forward by msg_id, as recorded', async () => {
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    const aId = a.user.user_id;
    const bId = b.user.user_id;

    // getContacts with no body; it reads each entry's id, displayName, avatar, is_group, index and unread.
    const contacts = await post(a, '/enterprise/im/getContacts', null);
    expect(contacts.code).toBe(0);
    const entry = contacts.data.find((x: any) => x.id === bId);
    expect(entry).toMatchObject({ id: bId, displayName: b.user.realname, is_group: 0 });
    for (const field of ['avatar', 'index', 'unread', 'is_top', 'is_notice', 'is_online'])
      expect(entry).toHaveProperty(field);

    // Its editor's HTML, exactly as recorded (fromUser from the client is ignored: the token says who).
    const id = crypto.randomUUID();
    const sent = await post(
      a,
      '/enterprise/im/sendMessage',
      `id=${id}&type=text&status=going&sendTime=${Date.now()}&toContactId=${bId}&fromUser%5Bid%5D=${bId}` +
        `&fromUser%5BdisplayName%5D=Someone&fromUser%5Bavatar%5D=&fromUser%5Baccount%5D=x` +
        `&content=%3Cp%3E%3Cspan%20class%3D%22chat-grid-input%20chat-stat%22%3EHello%20%26amp%3B%20%5B!1f600%5D` +
        `%3C%2Fspan%3E%3C%2Fp%3E&file_id=0&is_group=0`,
    );
    expect(sent.code).toBe(0);
    expectClientMessage(sent.data);
    // Stored as the text typed (Parley's app shows "Hello & 😀"); answered escaped, as this client renders HTML.
    expect(sent.data).toMatchObject({ id, content: 'Hello &amp; 😀', toContactId: bId, status: 'succeed' });
    expect(sent.data.fromUser.id).toBe(aId);
    // The chat reaches both chat lists as the message is delivered (the client's user is slower than this).
    await delivered(pairHub(aId, bId).stub);

    // B's history as the client pages it: page, limit, last_id, toContactId, is_group; count and page beside.
    const history = await post(
      b,
      '/enterprise/im/getMessageList',
      `page=1&limit=10&last_id=0&toContactId=${aId}&is_group=0`,
    );
    expect(history).toMatchObject({ code: 0, count: 1, page: 1 });
    expectClientMessage(history.data[0]);
    expect(history.data[0]).toMatchObject({ id, content: 'Hello &amp; 😀', toContactId: aId });
    const plain = await call('/enterprise/im/getMessageList', { toContactId: aId }, { token: b.token });
    expect(plain.body.data[0].content).toBe('Hello & 😀');

    // setMsgIsRead with the whole messages it showed, nested as qs writes them.
    const read = await post(
      b,
      '/enterprise/im/setMsgIsRead',
      form({ toContactId: aId, is_group: 0, messages: [{ ...history.data[0], contactInfo: {} }], fromUser: aId }),
    );
    expect(read).toMatchObject({ code: 0 });

    // Forward by msg_id alone (user_ids[0]=…), then recall by its own client id alone.
    const forwarded = await post(
      a,
      '/enterprise/im/forwardMessage',
      `user_ids%5B0%5D=${c.user.user_id}&msg_id=${sent.data.msg_id}`,
    );
    expect(forwarded).toMatchObject({ code: 0 });
    const inC = await post(
      c,
      '/enterprise/im/getMessageList',
      `page=1&limit=10&last_id=0&toContactId=${aId}&is_group=0`,
    );
    expect(inC.data.map((m: any) => m.content)).toEqual(['Hello &amp; 😀']);
    const undone = await post(a, '/enterprise/im/undoMessage', `id=${id}`);
    expect(undone).toMatchObject({ code: 0 });
    const after = await post(
      b,
      '/enterprise/im/getMessageList',
      `page=1&limit=10&last_id=0&toContactId=${aId}&is_group=0`,
    );
    expect(after.data[0]).toMatchObject({ id, type: 'event' });
  });

  it('binds its socket as socket.vue does and receives the simple frame it files by toContactId', async () => {
    const [a, b] = [await signIn(), await signIn()];
    const socket = await connectOriginal();
    const { client_id } = await socket.next((f) => f.type === 'init');
    // First the HTTP bind (a no-op that must succeed, or the client never sends the frame), then the frame.
    const bound = await post(a, '/common/pub/bindUid', `client_id=${client_id}&user_id=${a.user.user_id}`);
    expect(bound).toMatchObject({ code: 0 });
    socket.send({ type: 'bindUid', user_id: a.user.user_id, token: a.token });
    expect(await socket.next((f) => f.type === 'pong')).toEqual({ type: 'pong', multiport: false });

    // B writes from Parley's own app: plain text that would be markup to this client arrives escaped.
    const hostile = '<img src=x onerror="alert(1)">';
    await call('/enterprise/im/sendMessage', textMessage(a.user.user_id, hostile), { token: b.token });
    const frame = await socket.next((f) => f.type === 'simple');
    expectClientMessage(frame.data);
    expect(frame.data).toMatchObject({
      content: '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
      toContactId: b.user.user_id,
      fromUser: { id: b.user.user_id },
    });
    const contacts = await post(a, '/enterprise/im/getContacts', null);
    expect(contacts.data.find((x: any) => x.id === b.user.user_id).lastContent).not.toContain('<img');
  });
});
