// My nickname in a group: members set their own (trimmed, at most 30 characters, empty clears it),
// groupUserList answers it, members hear it live, and the name each viewer sees a member by is
// their remark for them, else the nickname, else the member's name. (Hubs made before nicknames get
// the column: conversation-hub-schema.test.ts.)
import { beforeAll, describe, expect, it } from 'vitest';

import {
  type Actor,
  ACTORS,
  type Cast,
  castGroup,
  createGroup,
  groupCall,
  makeCast,
  ok,
  uid,
  type User,
} from './group-helpers';
import { call, loginUser } from './helpers';
import { connect } from './socket-helpers';

let cast: Cast;
beforeAll(async () => {
  cast = await makeCast();
});

const memberRow = async (id: string, viewer: User, member: User) =>
  (await groupCall('groupUserList', { group_id: id }, viewer)).body.data.find((m: any) => m.user_id === uid(member));

async function befriend(a: User, b: User) {
  const sent = await call('/enterprise/friend/add', { user_id: uid(b), remark: 'hi' }, { token: a.token });
  await ok(call('/enterprise/friend/update', { friend_id: sent.body.data.friend_id, status: 1 }, { token: b.token }));
}

describe('who may set a nickname in a group', () => {
  const allowed: Actor[] = ['owner', 'admin', 'member', 'muted'];
  it.each(ACTORS.map((actor) => ({ actor, yes: allowed.includes(actor) })))(
    '$actor: allowed $yes',
    async ({ actor, yes }) => {
      const id = await castGroup(cast);
      const { body } = await groupCall('setNickname', { id, nickname: `nick of ${actor}` }, cast[actor]);
      if (yes) {
        expect(body.code, JSON.stringify(body)).toBe(0);
        expect((await memberRow(id, cast.owner, cast[actor])).nickname).toBe(`nick of ${actor}`);
      } else expect([400, 403], JSON.stringify(body)).toContain(body.code);
    },
  );
});

describe('a nickname in a group', () => {
  it("is trimmed, shown to members as the member's name there, told live, and cleared by an empty one", async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c]);
    const sc = await connect(c.token);
    await ok(groupCall('setNickname', { id, nickname: '  Captain B  ' }, b));
    expect((await sc.next((f) => f.type === 'groupNickname')).data).toEqual({
      group_id: id,
      user_id: uid(b),
      nickname: 'Captain B',
    });
    expect(await memberRow(id, c, b)).toMatchObject({ nickname: 'Captain B', userInfo: { displayName: 'Captain B' } });
    // Their own name travels beside it: the group's collage draws it everywhere.
    expect((await memberRow(id, c, b)).userInfo.realname).toBe(b.userInfo.realname);
    // Only in this group: elsewhere b keeps their name.
    const other = await createGroup(a, [b, c]);
    expect((await memberRow(other, c, b)).userInfo.displayName).toBe(b.userInfo.realname);

    await ok(groupCall('setNickname', { id, nickname: '' }, b));
    expect(await memberRow(id, c, b)).toMatchObject({ nickname: '', userInfo: { displayName: b.userInfo.realname } });
    sc.close();
  });

  it('gives way to my remark for that person, for me only', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c]);
    await befriend(a, b);
    await ok(call('/enterprise/friend/setNickname', { friend_id: uid(b), nickname: 'My Bob' }, { token: a.token }));
    await ok(groupCall('setNickname', { id, nickname: 'Captain B' }, b));
    expect((await memberRow(id, a, b)).userInfo.displayName).toBe('My Bob');
    expect((await memberRow(id, c, b)).userInfo.displayName).toBe('Captain B');
  });

  it('refuses one longer than 30 characters', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    const { body } = await call(
      '/enterprise/group/setNickname',
      { id, nickname: 'x'.repeat(31) },
      { token: b.token, lang: 'en' },
    );
    expect(body).toMatchObject({ code: 400, msg: 'A nickname in the group has at most 30 characters' });
    await ok(groupCall('setNickname', { id, nickname: 'x'.repeat(30) }, b));
  });
});
