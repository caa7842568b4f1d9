// Group changes reach members live: a new group's card and its system line, role and name changes,
// and a removal, which the removed member hears of too, and after which they hear nothing more.
import { describe, expect, it } from 'vitest';
import { call, loginUser, textMessage } from './helpers';
import { connect } from './socket-helpers';
import { createGroup, groupCall, ok, uid } from './group-helpers';

describe('live group events', () => {
  it('tells members of a new group, a new admin, a new name; a kicked member hears it and nothing after', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const [sb, sc] = await Promise.all([connect(b.token), connect(c.token)]);
    const id = await createGroup(a, [b, c], 'Live');
    const card = await sb.next((f) => f.type === 'addGroup');
    expect(card.data).toMatchObject({ id, displayName: 'Live', role: 3, groupUserCount: 3 });
    const created = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'created');
    expect(created.data).toMatchObject({ toContactId: id, type: 'event', content: '', unread: 0, contactInfo: { id, displayName: 'Live', is_group: 1 } });

    await ok(groupCall('setManager', { id, user_id: uid(b), role: 2 }, a));
    expect((await sc.next((f) => f.type === 'setManager')).data).toEqual({ group_id: id, user_id: uid(b), role: 2 });
    await ok(groupCall('editGroupName', { id, displayName: 'Still live' }, b));
    expect((await sc.next((f) => f.type === 'editGroupName')).data).toMatchObject({ id, displayName: 'Still live' });

    await ok(groupCall('removeUser', { id, user_id: uid(c) }, b));
    expect((await sc.next((f) => f.type === 'removeUser')).data).toEqual({ group_id: id, user_id: uid(c) });
    expect((await sc.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: id });
    expect((await sb.next((f) => f.type === 'removeUser')).data).toEqual({ group_id: id, user_id: uid(c) });
    expect(sb.frames.some((f) => f.type === 'removeGroup')).toBe(false);

    await ok(call('/enterprise/im/sendMessage', textMessage(id, 'members only now'), { token: a.token }));
    await sb.next((f) => f.type === 'group' && f.data.content === 'members only now');
    await new Promise((r) => setTimeout(r, 100));
    expect(sc.frames.some((f) => f.type === 'group' && f.data.content === 'members only now')).toBe(false);
    sb.close();
    sc.close();
  });

  it('tells everyone the group was dissolved', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const sb = await connect(b.token);
    const id = await createGroup(a, [b]);
    await ok(groupCall('removeGroup', { id }, a));
    expect((await sb.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: id });
    const line = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'dissolved');
    expect(line.data.fromUser.id).toBe(uid(a));
    sb.close();
  });
});
