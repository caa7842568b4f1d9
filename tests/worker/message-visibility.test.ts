// One visibility rule on every path: a member who joined a group with hidden history
// after some messages and a file were sent, a removed member and an outsider each ask for those
// through history, search, a forward, a quote, a recall, a download and a call's hangup; below the
// floor the answer is the one a missing message gets. And a forward copies content, not authority.
import { beforeAll, describe, expect, it } from 'vitest';

import { callId, dial } from './call-helpers';
import { createGroup, groupCall, ok, uid, type User } from './group-helpers';
import { call, fetchWorker, loginUser, pngBytes, textMessage, uploadFile } from './helpers';
import { connect } from './socket-helpers';

let owner: User, member: User, late: User, removed: User, outsider: User;
let group: string;
/** Sent before `late` joined: a text, a file, and a text kept for the recall test. */
let oldText: { msg_id: number; id: string };
let oldFile: { msg_id: number; id: string; url: string };
let oldRecallable: { msg_id: number; id: string };
/** Sent after `late` joined. */
let newFile: { url: string };

const MISSING = { msg_id: 999_999, id: 'no-such-message' };
const en = (as: User) => ({ token: as.token, lang: 'en' });
const forward = (as: User, msgId: number, to: number | string) =>
  call('/enterprise/im/forwardMessage', { msg_id: msgId, toContactId: group, user_ids: [to] }, en(as));
const download = (as: User, url: string) => fetchWorker(url, { headers: { authorization: as.token } });
const noticeOf = (reply: { status: number; body: { code: number; msg: string } }) => ({
  status: reply.status,
  code: reply.body.code,
  msg: reply.body.msg,
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  [owner, member, late, removed, outsider] = (await Promise.all(Array.from({ length: 5 }, () => loginUser()))) as [
    User,
    User,
    User,
    User,
    User,
  ];
  group = await createGroup(owner, [member, removed]);
  const text = textMessage(group, 'before you came');
  await ok(call('/enterprise/im/sendMessage', text, { token: owner.token }));
  const file = await uploadFile(owner.token, group, 'old-plan.png', pngBytes(6, 6));
  const recallable = textMessage(group, 'take this back');
  await ok(call('/enterprise/im/sendMessage', recallable, { token: owner.token }));
  const list = await call('/enterprise/im/getMessageList', { toContactId: group, limit: 100 }, { token: owner.token });
  const seqOf = (id: string) => (list.body.data as any[]).find((m) => m.id === id).msg_id as number;
  oldText = { msg_id: seqOf(text.id), id: text.id };
  oldFile = { msg_id: file.body.data.msg_id, id: file.body.data.id, url: file.body.data.content };
  oldRecallable = { msg_id: seqOf(recallable.id), id: recallable.id };
  // The join comes strictly later than every message above (the floor is a time).
  await pause(5);
  await ok(groupCall('addGroupUser', { id: group, user_ids: [uid(late)] }, owner));
  await ok(groupCall('removeUser', { id: group, user_id: uid(removed) }, owner));
  const after = await uploadFile(owner.token, group, 'new-plan.png', pngBytes(5, 5));
  newFile = { url: after.body.data.content };
});

describe('a member who joined late (history hidden)', () => {
  it('does not find earlier messages in history or search', async () => {
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, limit: 100 },
      { token: late.token },
    );
    const search = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, type: 'all', keywords: 'before' },
      { token: late.token },
    );
    const images = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, type: 'image' },
      { token: late.token },
    );
    expect(JSON.stringify(history.body.data)).not.toMatch(/before you came|old-plan/);
    expect(search.body.data).toEqual([]);
    expect((images.body.data as any[]).map((m) => m.fileName)).toEqual(['new-plan.png']);
  });

  it('cannot forward a message from before they joined: it answers as a missing one', async () => {
    const missing = noticeOf(await forward(late, MISSING.msg_id, uid(owner)));
    expect(missing).toEqual({ status: 200, code: 400, msg: 'The message does not exist' });
    expect(noticeOf(await forward(late, oldText.msg_id, uid(owner)))).toEqual(missing);
    expect(noticeOf(await forward(late, oldFile.msg_id, uid(owner)))).toEqual(missing);
    const copied = await call(
      '/enterprise/im/getMessageList',
      { toContactId: uid(owner), is_group: 0 },
      { token: late.token },
    );
    expect(JSON.stringify(copied.body.data)).not.toMatch(/before you came|old-plan/);
  });

  it('gets no quote of a message from before they joined', async () => {
    const reply = await call(
      '/enterprise/im/sendMessage',
      { ...textMessage(group, 'what was that?'), pid: oldText.msg_id },
      { token: late.token },
    );
    expect(reply.body.code).toBe(0);
    expect(reply.body.data.pid).toBe(0);
    expect(JSON.stringify(reply.body.data)).not.toContain('before you came');
  });

  it('cannot recall a message from before they joined, even as an admin: it answers as a missing one', async () => {
    await ok(groupCall('setManager', { id: group, user_id: uid(late), role: 2 }, owner));
    const missing = noticeOf(
      await call('/enterprise/im/undoMessage', { id: MISSING.id, toContactId: group }, en(late)),
    );
    const old = noticeOf(
      await call('/enterprise/im/undoMessage', { id: oldRecallable.id, toContactId: group }, en(late)),
    );
    expect(old).toEqual(missing);
    expect(old.msg).toBe('The message does not exist');
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, limit: 100 },
      { token: owner.token },
    );
    expect((history.body.data as any[]).find((m) => m.id === oldRecallable.id)).toMatchObject({
      is_undo: 0,
      content: 'take this back',
    });
  });

  it('is not told of the recall of a message from before they joined; a member who saw it is', async () => {
    const [lateSocket, memberSocket] = [
      await connect(late.token, 'late-phone'),
      await connect(member.token, 'member-phone'),
    ];
    await ok(call('/enterprise/im/undoMessage', { id: oldRecallable.id, toContactId: group }, { token: owner.token }));
    await memberSocket.next((f) => f.type === 'undoMessage' && f.data.id === oldRecallable.id);
    await ok(call('/enterprise/im/sendMessage', textMessage(group, 'after the recall'), { token: owner.token }));
    await lateSocket.next((f) => f.type === 'group' && f.data.content === 'after the recall');
    expect(lateSocket.frames.filter((f) => f.type === 'undoMessage')).toEqual([]);
    lateSocket.close();
    memberSocket.close();
  });

  it('cannot download a file sent before they joined (404, as a missing file), and can download a later one', async () => {
    const old = await download(late, oldFile.url);
    const missing = await download(late, '/file/999999999');
    expect(old.status).toBe(404);
    expect(await old.text()).toBe(await missing.text());
    expect((await download(late, newFile.url)).status).toBe(200);
    expect((await download(member, oldFile.url)).status).toBe(200);
  });
});

describe('an outsider', () => {
  it('history, search, forward, quote and recall are refused as not a member', async () => {
    const notMember = { code: 403, msg: 'You are not a member of this conversation' };
    const noticeOf = (reply: { body: { code: number; msg: string } }) => ({
      code: reply.body.code,
      msg: reply.body.msg,
    });
    expect(noticeOf(await call('/enterprise/im/getMessageList', { toContactId: group }, en(outsider)))).toEqual(
      notMember,
    );
    expect(
      noticeOf(
        await call(
          '/enterprise/im/getMessageList',
          { toContactId: group, type: 'all', keywords: 'before' },
          en(outsider),
        ),
      ),
    ).toEqual(notMember);
    expect(noticeOf(await forward(outsider, oldText.msg_id, uid(owner)))).toEqual(notMember);
    expect(
      noticeOf(
        await call('/enterprise/im/sendMessage', { ...textMessage(group, 'hi'), pid: oldText.msg_id }, en(outsider)),
      ),
    ).toEqual(notMember);
    expect(
      noticeOf(await call('/enterprise/im/undoMessage', { id: oldText.id, toContactId: group }, en(outsider))),
    ).toEqual(notMember);
  });

  it("the group's files answer 404", async () => {
    expect((await download(outsider, oldFile.url)).status).toBe(404);
    expect((await download(outsider, newFile.url)).status).toBe(404);
  });
});

describe('a removed member keeps, read-only, what they saw until the removal', () => {
  const contents = async (body: Record<string, unknown> = {}) =>
    (
      (await call('/enterprise/im/getMessageList', { toContactId: group, limit: 100, ...body }, en(removed))).body
        .data as any[]
    ).map((m) => m.extends?.system?.kind ?? m.content);

  it('reads the history up to the line saying they were removed, and nothing after', async () => {
    const seen = await contents();
    expect(seen).toContain('before you came');
    expect(seen.at(-1)).toBe('removed');
    expect(seen.some((c) => String(c).includes('new-plan'))).toBe(false);
    expect(await contents({ type: 'all', keywords: 'before' })).toEqual(['before you came']);
  });

  it('downloads a file they saw, not one sent after', async () => {
    expect((await download(removed, oldFile.url)).status).toBe(200);
    expect((await download(removed, newFile.url)).status).toBe(404);
  });

  it('can no longer send, quote, recall or react there', async () => {
    const notMember = { code: 403, msg: 'You are not a member of this conversation' };
    const noticeOf = (reply: { body: { code: number; msg: string } }) => ({
      code: reply.body.code,
      msg: reply.body.msg,
    });
    expect(noticeOf(await call('/enterprise/im/sendMessage', textMessage(group, 'hi'), en(removed)))).toEqual(
      notMember,
    );
    expect(
      noticeOf(
        await call('/enterprise/im/sendMessage', { ...textMessage(group, 'hi'), pid: oldText.msg_id }, en(removed)),
      ),
    ).toEqual(notMember);
    expect(
      noticeOf(await call('/enterprise/im/undoMessage', { id: oldText.id, toContactId: group }, en(removed))),
    ).toEqual(notMember);
  });
});

describe('a group one left, and a dissolved group', () => {
  it('each keeps its history up to the last line, read-only, after the fact', async () => {
    const [boss, stayer, leaver] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(boss, [stayer, leaver]);
    await ok(call('/enterprise/im/sendMessage', textMessage(id, 'while we were all here'), { token: boss.token }));
    await ok(groupCall('removeUser', { id, user_id: uid(leaver) }, leaver));
    await ok(call('/enterprise/im/sendMessage', textMessage(id, 'after the leaver went'), { token: boss.token }));
    await ok(groupCall('removeGroup', { id }, boss));
    const seen = async (as: User) =>
      ((await call('/enterprise/im/getMessageList', { toContactId: id, limit: 100 }, en(as))).body.data as any[]).map(
        (m) => m.extends?.system?.kind ?? m.content,
      );
    const left = await seen(leaver);
    expect(left).toContain('while we were all here');
    expect(left.at(-1)).toBe('left');
    expect(left).not.toContain('after the leaver went');
    const dissolved = await seen(stayer);
    expect(dissolved).toContain('after the leaver went');
    expect(dissolved.at(-1)).toBe('dissolved');
    expect((await call('/enterprise/im/sendMessage', textMessage(id, 'anyone?'), en(stayer))).body.code).not.toBe(0);
  });
});

describe('a call record', () => {
  it('is not the hangup answer of anyone outside the call', async () => {
    const [a, b] = [await loginUser(), await loginUser()];
    const id = callId();
    expect((await dial(a, { uid: uid(b) }, id)).body.code).toBe(0);
    await call('/enterprise/im/sendToMsg', { id, toContactId: uid(b), event: 'hangup' }, { token: a.token });
    const stranger = await call('/enterprise/im/sendToMsg', { id, toContactId: uid(a), event: 'hangup' }, en(outsider));
    expect(stranger.body.code).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(stranger.body.data)).not.toContain(id);
  });
});

describe('forwarding copies content, not authority', () => {
  it("keeps media size and the forwarded mark, and nothing of an announcement's mentions or mark", async () => {
    await ok(groupCall('setNotice', { id: group, notice: 'everyone read this' }, owner));
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, limit: 100 },
      { token: owner.token },
    );
    const notice = (history.body.data as any[]).findLast((m) => m.content === 'everyone read this');
    expect(notice.extends).toMatchObject({ notice: 1, at: [0] });
    const copy = await forward(owner, notice.msg_id, uid(member));
    expect(copy.body.code).toBe(0);
    expect(copy.body.data[0].extends).toEqual({ is_forward: 1 });

    const image = await forward(owner, oldFile.msg_id, uid(member));
    expect(image.body.data[0].extends).toEqual({ width: 6, height: 6, is_forward: 1 });
  });

  it("refuses a group's system line, translated", async () => {
    const history = await call(
      '/enterprise/im/getMessageList',
      { toContactId: group, limit: 100 },
      { token: owner.token },
    );
    const line = (history.body.data as any[]).find((m) => m.type === 'event' && m.extends?.system);
    for (const [lang, msg] of [
      ['en', 'This message cannot be forwarded'],
      ['vi', 'Không thể chuyển tiếp tin nhắn này'],
      ['zh-CN', '这条消息无法转发'],
    ] as const) {
      const reply = await call(
        '/enterprise/im/forwardMessage',
        { msg_id: line.msg_id, toContactId: group, user_ids: [uid(member)] },
        { token: owner.token, lang },
      );
      expect(reply.body).toMatchObject({ code: 400, msg });
    }
  });

  it('refuses a call record', async () => {
    const [a, b] = [await loginUser(), await loginUser()];
    const id = callId();
    expect((await dial(a, { uid: uid(b) }, id)).body.code).toBe(0);
    const list = await call('/enterprise/im/getMessageList', { toContactId: uid(b), is_group: 0 }, { token: a.token });
    const record = (list.body.data as any[]).find((m) => m.id === id);
    expect(record.type).toBe('webrtc');
    const reply = await call(
      '/enterprise/im/forwardMessage',
      { msg_id: record.msg_id, toContactId: uid(b), user_ids: [uid(b)] },
      en(a),
    );
    expect(reply.body).toMatchObject({ code: 400, msg: 'This message cannot be forwarded' });
    await call('/enterprise/im/sendToMsg', { id, toContactId: uid(b), event: 'hangup' }, { token: a.token });
  });
});
