// Reactions: a member toggles an emoji on a message they may see; the other
// members' sockets get `reaction` with the message's whole summary (logged, so a sync replays it);
// history carries the reactions; at most chatInfo.reactionMax distinct emoji; refused for a recalled
// message, a non-member and anything that is not one emoji; a recall takes the reactions away.
import { afterEach, describe, expect, it } from 'vitest';

import { createGroup, groupCall } from './group-helpers';
import { call, loginUser, operator, resetConfig, setConfig, textMessage } from './helpers';
import { connect } from './socket-helpers';

type User = Awaited<ReturnType<typeof loginUser>>;
const uid = (u: User) => u.userInfo.user_id as number;
const send = async (from: User, to: number | string, text: string) => {
  const sent = await call('/enterprise/im/sendMessage', textMessage(to, text), { token: from.token });
  expect(sent.body.code).toBe(0);
  return sent.body.data as { msg_id: number; id: string };
};
const react = (as: User, to: number | string, msgId: number, emoji: string) =>
  call('/enterprise/im/reactMessage', { toContactId: to, msg_id: msgId, emoji }, { token: as.token });
const history = async (as: User, to: number | string) =>
  (await call('/enterprise/im/getMessageList', { toContactId: to }, { token: as.token })).body.data as {
    msg_id: number;
    reactions?: { emoji: string; user_ids: number[] }[];
  }[];

afterEach(() => resetConfig());

describe('reactions', () => {
  it('toggle per person and emoji, reach the other members live and by sync, and show in history', async () => {
    const [owner, ann, bob] = [await loginUser(), await loginUser(), await loginUser()];
    const group = await createGroup(owner, [ann, bob], 'Reactors');
    const sent = await send(owner, group, 'Lunch at noon?');
    const ownerSocket = await connect(owner.token, 'o');
    expect((await react(ann, group, sent.msg_id, '👍')).body).toMatchObject({
      code: 0,
      data: { msg_id: sent.msg_id, reactions: [{ emoji: '👍', user_ids: [uid(ann)] }] },
    });
    await react(bob, group, sent.msg_id, '👍');
    await react(bob, group, sent.msg_id, '❤️');
    const frame = await ownerSocket.next(
      (f) => f.type === 'reaction' && f.data.reactions.some((r: { emoji: string }) => r.emoji === '❤️'),
    );
    expect(frame.data).toEqual({
      toContactId: group,
      msg_id: sent.msg_id,
      reactions: [
        { emoji: '👍', user_ids: [uid(ann), uid(bob)] },
        { emoji: '❤️', user_ids: [uid(bob)] },
      ],
    });
    // Tapping my own again takes it back.
    expect((await react(ann, group, sent.msg_id, '👍')).body.data.reactions).toEqual([
      { emoji: '👍', user_ids: [uid(bob)] },
      { emoji: '❤️', user_ids: [uid(bob)] },
    ]);
    const line = (await history(owner, group)).find((m) => m.msg_id === sent.msg_id)!;
    expect(line.reactions).toEqual([
      { emoji: '👍', user_ids: [uid(bob)] },
      { emoji: '❤️', user_ids: [uid(bob)] },
    ]);
    const later = await connect(owner.token, 'o2');
    later.send({ type: 'sync', since: 0 });
    await later.next(
      (f) => f.type === 'reaction' && f.data.reactions.length === 2 && f.data.reactions[0].user_ids.length === 1,
    );
    for (const s of [ownerSocket, later]) s.close();
  });

  it('refuse a non-member, a recalled message, more distinct emoji than allowed, and what is not one emoji', async () => {
    const [a, b, outsider] = [await loginUser(), await loginUser(), await loginUser()];
    const sent = await send(a, uid(b), 'hello');
    expect((await react(outsider, uid(a), sent.msg_id, '👍')).body.code).not.toBe(0);
    for (const bad of ['ok', '👍👍', '', 'a👍'])
      expect(
        (
          await call(
            '/enterprise/im/reactMessage',
            { toContactId: uid(a), msg_id: sent.msg_id, emoji: bad },
            { token: b.token },
          )
        ).body.code,
      ).not.toBe(0);
    await setConfig('chatInfo', { reactionMax: '2' });
    expect((await react(b, uid(a), sent.msg_id, '😂')).body.code).toBe(0);
    expect((await react(a, uid(b), sent.msg_id, '🙏')).body.code).toBe(0);
    const third = await call(
      '/enterprise/im/reactMessage',
      { toContactId: uid(a), msg_id: sent.msg_id, emoji: '😮' },
      { token: b.token, lang: 'en' },
    );
    expect(third.body).toMatchObject({ code: 400, msg: 'This message has as many different reactions as it can take' });
    // One already there may still be added.
    expect((await react(b, uid(a), sent.msg_id, '🙏')).body.code).toBe(0);
    // A recall takes them away, and nobody reacts to it any more.
    expect(
      (await call('/enterprise/im/undoMessage', { toContactId: uid(b), id: sent.id }, { token: a.token })).body.code,
    ).toBe(0);
    expect((await history(b, uid(a))).find((m) => m.msg_id === sent.msg_id)?.reactions).toBeUndefined();
    expect((await react(b, uid(a), sent.msg_id, '👍')).body.code).not.toBe(0);
  });

  it('refuse a message below a late joiner’s floor and a group’s system line, and say why an emoji is refused', async () => {
    const [owner, ann, late] = [await loginUser(), await loginUser(), await loginUser()];
    const group = await createGroup(owner, [ann], 'Floors');
    const before = await send(owner, group, 'before you came');
    expect((await groupCall('addGroupUser', { id: group, user_ids: [uid(late)] }, owner)).body.code).toBe(0);
    const after = await send(owner, group, 'welcome');
    expect((await react(late, group, before.msg_id, '👍')).body.code).not.toBe(0);
    expect((await react(late, group, after.msg_id, '👍')).body.code).toBe(0);
    const line = (await call('/enterprise/im/getMessageList', { toContactId: group }, { token: owner.token })).body.data
      .filter((m: { type: string }) => m.type === 'event')
      .at(-1) as { msg_id: number };
    expect((await react(ann, group, line.msg_id, '👍')).body.code).not.toBe(0);
    expect((await history(owner, group)).find((m) => m.msg_id === before.msg_id)?.reactions).toBeUndefined();
    const bad = await call(
      '/enterprise/im/reactMessage',
      { toContactId: group, msg_id: after.msg_id, emoji: 'ok' },
      { token: ann.token, lang: 'en' },
    );
    expect(bad.body).toMatchObject({ code: 400, msg: 'A reaction is one emoji' });
  });

  it('lose the reactions of a message an operator hides', async () => {
    const [ops, owner, ann] = [await operator(2), await loginUser(), await loginUser()];
    const group = await createGroup(owner, [ann], 'Moderated');
    const sent = await send(owner, group, 'something nasty');
    expect((await react(ann, group, sent.msg_id, '😮')).body.code).toBe(0);
    const reported = await call(
      '/enterprise/im/reportMessage',
      { toContactId: group, msg_id: sent.msg_id, reason: 'spam', note: '' },
      { token: ann.token },
    );
    expect(reported.body.code).toBe(0);
    const queue = (await call('/manage/report/index', { status: 0 }, { token: ops.token })).body.data as {
      id: number;
      conversation: string;
    }[];
    const id = queue.find((r) => r.conversation === group)!.id;
    expect((await call('/manage/report/hide', { id }, { token: ops.token })).body.code).toBe(0);
    expect((await history(ann, group)).find((m) => m.msg_id === sent.msg_id)?.reactions).toBeUndefined();
    expect((await react(ann, group, sent.msg_id, '😮')).body.code).not.toBe(0);
  });
});
