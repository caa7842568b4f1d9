// Edits and reactions obey who may speak: a group's mute (a member's own, or
// `nospeak` 1/2) holds an edit and a reaction as it holds a send, with the same refusals and codes,
// and nothing changes; in run mode 2 a reaction goes only between people who may message each other.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type Cast, castGroup, groupCall, makeCast, ok, uid, type User } from './group-helpers';
import { call, loginUser, resetConfig, setSysInfo, textMessage } from './helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});
afterEach(resetConfig);

const send = async (to: number | string, as: User, text: string) => {
  const sent = await call('/enterprise/im/sendMessage', textMessage(to, text), { token: as.token });
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
  return sent.body.data as { msg_id: number };
};
const edit = (to: number | string, as: User, msgId: number, content: string, lang = 'en') =>
  call('/enterprise/im/editMessage', { toContactId: to, msg_id: msgId, content }, { token: as.token, lang });
const react = (to: number | string, as: User, msgId: number, emoji = '👍', lang = 'en') =>
  call('/enterprise/im/reactMessage', { toContactId: to, msg_id: msgId, emoji }, { token: as.token, lang });
const history = async (to: number | string, as: User) =>
  (await call('/enterprise/im/getMessageList', { toContactId: to, limit: 100 }, { token: as.token })).body.data as {
    msg_id: number;
    content: string;
    reactions?: unknown[];
  }[];
const line = async (to: number | string, as: User, msgId: number) =>
  (await history(to, as)).find((m) => m.msg_id === msgId)!;

describe('edits obey who may speak', () => {
  it("a muted member's edit is refused as their send is, and the text stays", async () => {
    const id = await castGroup(cast);
    // Said before the mute: the member could still post it then.
    const said = await send(id, cast.member, 'before the mute');
    await ok(groupCall('setNoSpeak', { id, user_id: uid(cast.member), noSpeakTimer: 4 }, cast.owner));
    expect((await edit(id, cast.member, said.msg_id, 'said anyway')).body).toMatchObject({
      code: 400,
      msg: 'You are muted in this group',
    });
    expect((await edit(id, cast.member, said.msg_id, 'vẫn nói', 'vi')).body.msg).not.toBe(
      'You are muted in this group',
    );
    expect((await line(id, cast.owner, said.msg_id)).content).toBe('before the mute');
  });

  it('under nospeak 1 a plain member cannot edit (the hard 401), a manager can', async () => {
    const id = await castGroup(cast);
    const mine = await send(id, cast.member, 'plain words');
    const theirs = await send(id, cast.admin, 'manager words');
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 1 } }, cast.owner));
    expect((await edit(id, cast.member, mine.msg_id, 'louder')).body).toMatchObject({
      code: 401,
      msg: 'This group is muted; you cannot send messages',
    });
    expect((await line(id, cast.owner, mine.msg_id)).content).toBe('plain words');
    expect((await edit(id, cast.admin, theirs.msg_id, 'manager words, edited')).body.code).toBe(0);
    expect((await line(id, cast.member, theirs.msg_id)).content).toBe('manager words, edited');
  });

  it('under nospeak 2 even an admin cannot edit, the owner can', async () => {
    const id = await castGroup(cast);
    const admins = await send(id, cast.admin, 'admin words');
    const owners = await send(id, cast.owner, 'owner words');
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 2 } }, cast.owner));
    expect((await edit(id, cast.admin, admins.msg_id, 'changed')).body.code).toBe(401);
    expect((await edit(id, cast.owner, owners.msg_id, 'owner words, edited')).body.code).toBe(0);
  });
});

describe('reactions obey who may speak', () => {
  it('a muted member cannot react (nor take one back); the others can', async () => {
    const id = await castGroup(cast);
    const said = await send(id, cast.owner, 'Lunch?');
    expect((await react(id, cast.muted, said.msg_id)).body).toMatchObject({
      code: 400,
      msg: 'You are muted in this group',
    });
    expect((await react(id, cast.muted, said.msg_id, '👍', 'zh-CN')).body.msg).not.toBe('You are muted in this group');
    expect((await line(id, cast.owner, said.msg_id)).reactions).toBeUndefined();
    expect((await react(id, cast.member, said.msg_id)).body.code).toBe(0);
  });

  it('under nospeak 1 a plain member cannot react, a manager can', async () => {
    const id = await castGroup(cast);
    const said = await send(id, cast.owner, 'Quiet now');
    await ok(groupCall('groupSetting', { id, setting: { nospeak: 1 } }, cast.owner));
    expect((await react(id, cast.member, said.msg_id)).body.code).toBe(401);
    expect((await react(id, cast.admin, said.msg_id)).body.code).toBe(0);
    expect((await line(id, cast.owner, said.msg_id)).reactions).toEqual([{ emoji: '👍', user_ids: [uid(cast.admin)] }]);
  });

  it('in run mode 2 a reaction between people who are not friends is refused', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    // Their chat dates from run mode 1; the operator has since switched to friends only.
    const said = await send(uid(b), a, 'from before');
    await setSysInfo({ runMode: '2' });
    expect((await react(uid(a), b, said.msg_id)).body).toMatchObject({
      code: 400,
      msg: 'You are not on their friends list',
    });
    expect((await react(uid(a), b, said.msg_id, '👍', 'vi')).body.msg).toBe(
      'Bạn không có trong danh sách bạn bè của đối phương',
    );
    expect((await line(uid(b), a, said.msg_id)).reactions).toBeUndefined();
    await setSysInfo({ runMode: '1' });
    expect((await react(uid(a), b, said.msg_id)).body.code).toBe(0);
  });
});
