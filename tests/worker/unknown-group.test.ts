// A group id that D1 has no row for (never created): every route that names a group refuses it as
// it refuses a group the caller is not in, and none of them creates a ConversationHub for it.
import { listDurableObjectIds } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { createGroup, groupCall } from './group-helpers';
import { call, loginUser, pngBytes, textMessage } from './helpers';

/** Whether a ConversationHub with storage exists for `conversation`. */
async function hubExists(conversation: string) {
  const wanted = env.CONVERSATION_HUB.idFromName(`conversation:${conversation}`);
  return (await listDurableObjectIds(env.CONVERSATION_HUB)).some((id) => id.equals(wanted));
}

describe('a group id D1 does not know', () => {
  it('is refused as "not a member" on every route that names a group, and no hub is made for it', async () => {
    const [me, friend] = await Promise.all([loginUser(), loginUser()]);
    const real = await createGroup(me, [friend]);
    // Far past any group this run creates.
    const id = `group-${Number(real.slice('group-'.length)) + 900_000}`;
    const uid = friend.userInfo.user_id;
    const im = (path: string, body: unknown) => call(`/enterprise/im/${path}`, body, { token: me.token });
    const form = new FormData();
    form.set('id', id);
    form.set('file', new File([pngBytes(8, 8)], 'a.png'));
    const avatar = await exports.default.fetch(
      new Request('http://parley.test/enterprise/group/uploadAvatar', {
        method: 'POST',
        headers: { authorization: me.token, 'accept-language': 'en' },
        body: form,
      }),
    );
    const replies = [
      ['uploadAvatar', { status: avatar.status, body: (await avatar.json()) as { code: number; msg: string } }],
      ...(await Promise.all(
        (
          [
            ['groupInfo', { group_id: id }],
            ['groupUserList', { group_id: id }],
            ['addGroupUser', { id, user_ids: [uid] }],
            ['removeUser', { id, user_id: uid }],
            ['setManager', { id, user_id: uid, role: 2 }],
            ['changeOwner', { id, user_id: uid }],
            ['editGroupName', { id, displayName: 'x' }],
            ['setNotice', { id, notice: 'x' }],
            ['groupSetting', { id, setting: { invite: 1 } }],
            ['setNoSpeak', { id, user_id: uid, noSpeakTimer: 1 }],
            ['removeGroup', { id }],
            ['clearMessage', { id }],
            ['setNickname', { id, nickname: 'x' }],
            ['getAllUser', { group_id: id }],
          ] as const
        ).map(async ([path, body]) => [path, await groupCall(path, body, me)] as const),
      )),
      ['sendMessage', await im('sendMessage', textMessage(id, 'hello?'))],
      ['getMessageList', await im('getMessageList', { toContactId: id })],
      ['setMsgIsRead', await im('setMsgIsRead', { toContactId: id, is_group: 1 })],
      ['setChatTop', await im('setChatTop', { id, is_top: 1 })],
      ['isNotice', await im('isNotice', { id, is_notice: 0 })],
      ['delChat', await im('delChat', { id })],
    ] as const;
    for (const [path, reply] of replies) {
      expect([path, reply.body.code, reply.body.msg]).toEqual([path, 403, 'You are not a member of this conversation']);
    }
    expect(await hubExists(id)).toBe(false);
    expect(await hubExists(real)).toBe(true);
  });

  it('answers a non-member of a real group the same way', async () => {
    const [owner, member, outsider] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const real = await createGroup(owner, [member]);
    const reply = await groupCall('groupInfo', { group_id: real }, outsider);
    expect([reply.body.code, reply.body.msg]).toEqual([403, 'You are not a member of this conversation']);
  });
});
