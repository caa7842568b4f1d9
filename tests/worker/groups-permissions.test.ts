// Every group call × owner / admin / member / muted member / removed member / outsider: each is
// allowed or refused by the server as the original does, with the checks the original lacked.
import { beforeAll, describe, expect, it } from 'vitest';

import { signQrToken } from '../../worker/services/qr-tokens';
import { type Actor, ACTORS, type Cast, castGroup, groupCall, makeCast, uid } from './group-helpers';
import { call, TEST_JWT_SECRET, textMessage } from './helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});

const MEMBERS: Actor[] = ['owner', 'admin', 'member', 'muted'];
const MANAGERS: Actor[] = ['owner', 'admin'];
const OWNER: Actor[] = ['owner'];

// Minted now: after castGroup's removal, so the removed member may come back with it.
const joinToken = async (id: string) =>
  (await signQrToken(TEST_JWT_SECRET, 'g', id.slice('group-'.length), undefined, { t: Date.now() })).token;

/** Each call, the body it is made with in a fresh group, and who may make it. */
const MATRIX: {
  name: string;
  allowed: Actor[];
  run: (id: string, as: Actor) => Promise<{ body: { code: number } }>;
}[] = [
  { name: 'groupInfo', allowed: MEMBERS, run: (id, as) => groupCall('groupInfo', { group_id: id }, cast[as]) },
  { name: 'groupUserList', allowed: MEMBERS, run: (id, as) => groupCall('groupUserList', { group_id: id }, cast[as]) },
  {
    name: 'getAllUser (of a group)',
    allowed: MEMBERS,
    run: (id, as) => groupCall('getAllUser', { group_id: id }, cast[as]),
  },
  // setting.invite is on by default: members invite too (the original checked nothing at all).
  {
    name: 'addGroupUser',
    allowed: MEMBERS,
    run: (id, as) => groupCall('addGroupUser', { id, user_ids: [uid(cast.invitee)] }, cast[as]),
  },
  {
    name: 'removeUser (kick a member)',
    allowed: MANAGERS,
    run: (id, as) => groupCall('removeUser', { id, user_id: uid(cast.target) }, cast[as]),
  },
  {
    name: 'setManager',
    allowed: OWNER,
    run: (id, as) => groupCall('setManager', { id, user_id: uid(cast.target), role: 2 }, cast[as]),
  },
  {
    name: 'changeOwner',
    allowed: OWNER,
    run: (id, as) => groupCall('changeOwner', { id, user_id: uid(cast.target) }, cast[as]),
  },
  // setting.manage is off by default: any member may rename, but not one who is muted.
  {
    name: 'editGroupName',
    allowed: ['owner', 'admin', 'member'],
    run: (id, as) => groupCall('editGroupName', { id, displayName: `by ${as}` }, cast[as]),
  },
  {
    name: 'setNotice',
    allowed: MANAGERS,
    run: (id, as) => groupCall('setNotice', { id, notice: `from ${as}` }, cast[as]),
  },
  {
    name: 'groupSetting',
    allowed: OWNER,
    run: (id, as) => groupCall('groupSetting', { id, setting: { nospeak: 1 } }, cast[as]),
  },
  {
    name: 'setNoSpeak',
    allowed: MANAGERS,
    run: (id, as) => groupCall('setNoSpeak', { id, user_id: uid(cast.target), noSpeakTimer: 1 }, cast[as]),
  },
  {
    name: 'banned',
    allowed: MANAGERS,
    run: (id, as) => groupCall('banned', { id, user_id: uid(cast.target), noSpeakTimer: 2 }, cast[as]),
  },
  { name: 'removeGroup', allowed: OWNER, run: (id, as) => groupCall('removeGroup', { id }, cast[as]) },
  // Members are in already; the removed member and the outsider may come back with the QR.
  {
    name: 'joinGroup',
    allowed: ['removed', 'outsider'],
    run: async (id, as) => groupCall('joinGroup', { token: await joinToken(id) }, cast[as]),
  },
  {
    name: 'sendMessage',
    allowed: ['owner', 'admin', 'member'],
    run: (id, as) => call('/enterprise/im/sendMessage', textMessage(id, `hi from ${as}`), { token: cast[as].token }),
  },
  {
    name: 'getMessageList',
    // A removed member reads, read-only, what they saw until the removal (message-visibility.test.ts).
    allowed: [...MEMBERS, 'removed'],
    run: (id, as) => call('/enterprise/im/getMessageList', { toContactId: id }, { token: cast[as].token }),
  },
];

describe.each(MATRIX)('$name', ({ allowed, run }) => {
  it.each(ACTORS.map((actor) => ({ actor, allowed: allowed.includes(actor) })))(
    '$actor: allowed $allowed',
    async ({ actor, allowed: yes }) => {
      const id = await castGroup(cast);
      const { body } = await run(id, actor);
      if (yes) expect(body.code, JSON.stringify(body)).toBe(0);
      // A refusal the user is shown (400; 401 for a muted send; 403 for a non-member), never an error.
      else expect([400, 401, 403], JSON.stringify(body)).toContain(body.code);
    },
  );
});

describe('settings that change the matrix', () => {
  it('with setting.invite off only managers add people', async () => {
    const id = await castGroup(cast);
    await groupCall('groupSetting', { id, setting: { invite: 0 } }, cast.owner);
    expect((await groupCall('addGroupUser', { id, user_ids: [uid(cast.invitee)] }, cast.member)).body.code).toBe(400);
    expect((await groupCall('joinGroup', { token: await joinToken(id) }, cast.outsider)).body.code).toBe(400);
    expect((await groupCall('addGroupUser', { id, user_ids: [uid(cast.invitee)] }, cast.admin)).body.code).toBe(0);
  });

  it('with setting.manage on only managers rename the group', async () => {
    const id = await castGroup(cast);
    await groupCall('groupSetting', { id, setting: { manage: 1 } }, cast.owner);
    expect((await groupCall('editGroupName', { id, displayName: 'mine now' }, cast.member)).body.code).toBe(400);
    expect((await groupCall('editGroupName', { id, displayName: 'ours' }, cast.admin)).body.code).toBe(0);
  });

  it('an admin cannot kick or mute another admin or the owner; the owner can kick an admin', async () => {
    const id = await castGroup(cast);
    await groupCall('setManager', { id, user_id: uid(cast.target), role: 2 }, cast.owner);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.target) }, cast.admin)).body.code).toBe(400);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.owner) }, cast.admin)).body.code).toBe(400);
    expect(
      (await groupCall('setNoSpeak', { id, user_id: uid(cast.owner), noSpeakTimer: 1 }, cast.admin)).body.code,
    ).toBe(400);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.target) }, cast.owner)).body.code).toBe(0);
  });

  it('anyone but the owner may quit; the owner must hand the group over first', async () => {
    const id = await castGroup(cast);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.member) }, cast.member)).body.code).toBe(0);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.admin) }, cast.admin)).body.code).toBe(0);
    const owner = await groupCall('removeUser', { id, user_id: uid(cast.owner) }, cast.owner);
    expect(owner.body).toMatchObject({ code: 400, msg: 'The owner must transfer the group before leaving' });
    await groupCall('changeOwner', { id, user_id: uid(cast.target) }, cast.owner);
    expect((await groupCall('removeUser', { id, user_id: uid(cast.owner) }, cast.owner)).body.code).toBe(0);
    const list = await groupCall('groupUserList', { group_id: id }, cast.target);
    expect(list.body.data.map((m: any) => [m.user_id, m.role])).toEqual([
      [uid(cast.target), 1],
      [uid(cast.muted), 3],
    ]);
  });

  it('a transfer makes the old owner a plain member', async () => {
    const id = await castGroup(cast);
    await groupCall('changeOwner', { id, user_id: uid(cast.member) }, cast.owner);
    expect((await groupCall('groupSetting', { id, setting: { nospeak: 2 } }, cast.owner)).body.code).toBe(400);
    expect((await groupCall('groupSetting', { id, setting: { nospeak: 2 } }, cast.member)).body.code).toBe(0);
    const info = await groupCall('groupInfo', { group_id: id }, cast.owner);
    expect(info.body.data).toMatchObject({ role: 3, owner_id: uid(cast.member), setting: { nospeak: 2 } });
  });

  it('creating a group needs chatInfo.groupChat and honours groupUserMax and 20 a call', async () => {
    const { resetConfig, setConfig } = await import('./helpers');
    await setConfig('chatInfo', { groupChat: '0' });
    expect((await groupCall('add', { user_ids: [uid(cast.member)] }, cast.owner)).body.code).toBe(400);
    await setConfig('chatInfo', { groupChat: '1', groupUserMax: '3' });
    expect(
      (await groupCall('add', { user_ids: [uid(cast.member), uid(cast.admin), uid(cast.target)] }, cast.owner)).body
        .code,
    ).toBe(400);
    const small = await groupCall('add', { user_ids: [uid(cast.member), uid(cast.admin)] }, cast.owner);
    expect(small.body.code).toBe(0);
    expect(
      (await groupCall('addGroupUser', { id: small.body.data.id, user_ids: [uid(cast.target)] }, cast.owner)).body.code,
    ).toBe(400);
    await resetConfig();
    const many = await groupCall('add', { user_ids: Array.from({ length: 21 }, (_, i) => i + 1) }, cast.owner);
    expect(many.body).toMatchObject({ code: 400, msg: 'You can add at most 20 people at a time' });
  });
});

describe('getAllUser, the people to pick from', () => {
  it('offers everyone active in run mode 1, only my friends in run mode 2, chosen ones disabled; with a group, its members but the owner', async () => {
    const { loginUser, resetConfig, setSysInfo } = await import('./helpers');
    const [me, friend, stranger] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const asked = await call('/enterprise/friend/add', { user_id: uid(friend) }, { token: me.token });
    await call(
      '/enterprise/friend/update',
      { friend_id: asked.body.data.friend_id, status: 1 },
      { token: friend.token },
    );
    const ids = async () => {
      const reply = await groupCall('getAllUser', { user_ids: [uid(friend)] }, me);
      return new Map(reply.body.data.map((u: any) => [u.user_id, u.disabled]));
    };
    const everyone = await ids();
    expect(everyone.get(uid(friend))).toBe(true);
    expect(everyone.get(uid(stranger))).toBe(false);
    expect(everyone.has(uid(me))).toBe(false);
    await setSysInfo({ runMode: '2' });
    try {
      expect([...(await ids()).keys()]).toEqual([uid(friend)]);
    } finally {
      await resetConfig();
    }
    const id = await castGroup(cast);
    const members = await groupCall('getAllUser', { group_id: id }, cast.owner);
    expect(members.body.data.map((u: any) => u.user_id).sort()).toEqual(
      [cast.admin, cast.member, cast.muted, cast.target].map(uid).sort(),
    );
  });
});
