// Names are text in the original web client too: it renders what it is sent as
// HTML in places (its mention picker inserts a member's displayName as markup), so every string of
// every answer to it (calls with its `sessionId` header) and every frame on its socket is
// HTML-escaped once at the edge, whichever field carried it; Parley's own clients get the text as
// typed. An `emoji` message carries one emoji, what Parley's picker sends, nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, eventually, fetchWorker, loginUser, resetConfig, setSysInfo, textMessage, uploadFile } from './helpers';
import { connectOriginal, type Socket } from './socket-helpers';

/** Markup with all five characters, short enough for every name field (group names take 30). */
const MARK = `<i>"O'Brien"&</i>`;
const ESCAPED = '&lt;i&gt;&quot;O&#39;Brien&quot;&amp;&lt;/i&gt;';

/** A JSON call as the original web client makes it (its `sessionId` header); the answer's raw text. */
async function originalCall(path: string, body: unknown, as: User): Promise<{ json: any; text: string }> {
  const res = await fetchWorker(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      authorization: as.token,
      sessionid: 'f00d',
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { json: JSON.parse(text), text };
}

/** Nothing of the markup left as markup, the escaped form there, and nothing escaped twice. */
function expectEscaped(text: string, where: string) {
  expect(text, where).not.toContain('<i>');
  expect(text, where).not.toContain(`O'Brien`);
  expect(text, where).toContain(ESCAPED);
  expect(text, where).not.toContain('&amp;lt;');
  expect(text, where).not.toContain('&amp;#39;');
}

async function bindOriginal(as: User): Promise<Socket> {
  const socket = await connectOriginal();
  await socket.next((f) => f.type === 'init');
  socket.send({ type: 'bindUid', user_id: uid(as), token: as.token });
  await socket.next((f) => f.type === 'pong');
  return socket;
}

describe('every string the original web client is sent is HTML-escaped', () => {
  // Run mode 1 keeps names as the organisation set them unless diyName is on.
  beforeAll(() => setSysInfo({ diyName: '1' }));
  afterAll(resetConfig);

  it('escapes names, remarks, group names and nicknames, the announcement, file names and text in answers and frames', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const socket = await bindOriginal(b);
    // Every writable name field of a, and of b about a.
    await ok(call('/enterprise/im/updateUserInfo', { realname: MARK, motto: MARK }, { token: a.token }));
    const request = await call('/enterprise/friend/add', { user_id: uid(b), remark: MARK }, { token: a.token });
    expect(request.body.code).toBe(0);
    await ok(
      call('/enterprise/friend/update', { friend_id: request.body.data.friend_id, status: 1 }, { token: b.token }),
    );
    await ok(call('/enterprise/friend/setNickname', { friend_id: uid(a), nickname: MARK }, { token: b.token }));
    const group = await createGroup(a, [b], MARK);
    await ok(groupCall('setNickname', { id: group, nickname: MARK }, a));
    await ok(groupCall('setNotice', { id: group, notice: MARK }, a));
    await ok(groupCall('editGroupName', { id: group, displayName: `${MARK}2` }, a));
    // A multipart file name carries `"` as %22, so this one has the other four.
    const file = await uploadFile(a.token, group, `<i>O'Brien&</i>.txt`, new TextEncoder().encode('a file'));
    expect(file.body.code, JSON.stringify(file.body)).toBe(0);
    await ok(call('/enterprise/im/sendMessage', textMessage(uid(b), MARK), { token: a.token }));
    await socket.next((f) => f.type === 'simple' && f.data.from_user === uid(a) && f.data.type === 'text');

    const answers: [string, unknown][] = [
      ['/enterprise/im/getContacts', {}],
      ['/enterprise/im/getUserInfo', { user_id: uid(a) }],
      ['/enterprise/group/groupUserList', { group_id: group }],
      ['/enterprise/group/groupInfo', { group_id: group }],
      ['/enterprise/im/getMessageList', { toContactId: group }],
      ['/enterprise/im/getMessageList', { toContactId: uid(a) }],
      ['/enterprise/files/index', { is_all: 1 }],
      ['/enterprise/friend/index', { is_mine: 0 }],
    ];
    for (const [path, body] of answers) {
      const { json, text } = await eventually(async () => {
        const reply = await originalCall(path, body, b);
        expect(reply.json.code, `${path} ${reply.text}`).toBe(0);
        if (path.endsWith('files/index')) expect(reply.json.data, path).toHaveLength(1);
        return reply;
      });
      expectEscaped(text, path);
      expect(json.msg, path).not.toContain('&');
    }
    // The text message's content escaped once, as before, now by the same walk.
    const history = await originalCall('/enterprise/im/getMessageList', { toContactId: uid(a) }, b);
    expect(history.json.data.find((m: any) => m.type === 'text').content).toBe(ESCAPED);
    // Links stay links: the file's URLs carry no entity.
    const files = await originalCall('/enterprise/files/index', { is_all: 1 }, b);
    expect(files.json.data[0]).toMatchObject({
      name: '&lt;i&gt;O&#39;Brien&amp;&lt;/i&gt;.txt',
      src: file.body.data.content,
    });

    const frames = JSON.stringify(socket.frames);
    expect(frames).not.toContain('<i>');
    expect(socket.frames.some((f) => f.type === 'editGroupName' && f.data.displayName === `${ESCAPED}2`)).toBe(true);
    const simple = socket.frames.find(
      (f) => f.type === 'simple' && f.data.type === 'text' && f.data.from_user === uid(a),
    );
    expect(simple.data.content).toBe(ESCAPED);
    expectEscaped(frames, 'socket frames');

    // Parley's own app (no sessionId header) gets the words as typed.
    const own = await call('/enterprise/group/groupUserList', { group_id: group }, { token: b.token });
    expect(JSON.stringify(own.body)).toContain(JSON.stringify(MARK).slice(1, -1));
    socket.close();
  });

  it('escapes what a login answers the original client (its own name)', async () => {
    const a = await loginUser();
    await ok(call('/enterprise/im/updateUserInfo', { realname: MARK }, { token: a.token }));
    const res = await fetchWorker('/common/pub/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', sessionid: 'f00d' },
      body: JSON.stringify({ account: a.account, password: 'secret12' }),
    });
    const text = await res.text();
    expect(JSON.parse(text).code).toBe(0);
    expectEscaped(text, 'login');
    expect(JSON.parse(text).data.authToken).toMatch(/^bearer /);
  });
});

describe('names the original web client saves back', () => {
  beforeAll(() => setSysInfo({ diyName: '1' }));
  afterAll(resetConfig);

  it('reads its name fields as the text they stand for, so an escaped name it shows and saves stays the name', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    // Its profile form holds the name as it was answered (escaped) and sends it back.
    const saved = await originalCall('/enterprise/im/updateUserInfo', { realname: 'Tom &amp; O&#39;Brien' }, a);
    expect(saved.json.code).toBe(0);
    const group = await createGroup(a, [b]);
    expect(
      (await originalCall('/enterprise/group/editGroupName', { id: group, displayName: 'R&amp;D' }, a)).json.code,
    ).toBe(0);
    const card = await call('/enterprise/im/getUserInfo', { user_id: uid(a) }, { token: b.token });
    expect(card.body.data.realname).toBe("Tom & O'Brien");
    const info = await call('/enterprise/group/groupInfo', { group_id: group }, { token: b.token });
    expect(info.body.data.displayName ?? info.body.data.name).toBe('R&D');
    // And back to that client, escaped once.
    expect((await originalCall('/enterprise/im/getUserInfo', { user_id: uid(a) }, b)).json.data.realname).toBe(
      'Tom &amp; O&#39;Brien',
    );
  });
});

describe('an emoji message', () => {
  it('carries one emoji, what Parley’s picker sends; anything else is refused with a translated message', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sent = await call(
      '/enterprise/im/sendMessage',
      { ...textMessage(uid(b), '👍🏽'), type: 'emoji' },
      { token: a.token },
    );
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({ type: 'emoji', content: '👍🏽' });
    const refusals: [string, string][] = [
      ['x" onerror="alert(1)', 'en'],
      ['/file/1', 'en'],
      ['😀😀', 'vi'],
      ['<img src=x>', 'zh-CN'],
    ];
    const words: Record<string, string> = {
      en: 'An emoji message is one emoji',
      vi: 'Tin nhắn biểu tượng cảm xúc phải là một emoji',
      'zh-CN': '表情消息只能是一个表情',
    };
    for (const [content, lang] of refusals) {
      const refused = await call(
        '/enterprise/im/sendMessage',
        { ...textMessage(uid(b), content), type: 'emoji' },
        { token: a.token, lang },
      );
      expect(refused.status, content).toBe(200);
      expect(refused.body, content).toMatchObject({ code: 400, msg: words[lang] });
    }
    const history = await call('/enterprise/im/getMessageList', { toContactId: uid(b) }, { token: a.token });
    expect(history.body.data.filter((m: any) => m.type === 'emoji').map((m: any) => m.content)).toEqual(['👍🏽']);
  });
});
