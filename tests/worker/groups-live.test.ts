// Group changes reach members live: a new group's card and its system line, role and name changes,
// and a removal, which the removed member hears of too, and after which they hear nothing more.
import { describe, expect, it } from 'vitest';

import { createGroup, groupCall, ok, uid } from './group-helpers';
import { call, eventually, loginUser, textMessage } from './helpers';
import { connect } from './socket-helpers';

describe('live group events', () => {
  it('tells members of a new group, a new admin, a new name; a kicked member hears it and nothing after', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const [sb, sc] = await Promise.all([connect(b.token), connect(c.token)]);
    const id = await createGroup(a, [b, c], 'Live');
    const card = await sb.next((f) => f.type === 'addGroup');
    expect(card.data).toMatchObject({ id, displayName: 'Live', role: 3, groupUserCount: 3 });
    const created = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'created');
    expect(created.data).toMatchObject({
      toContactId: id,
      type: 'event',
      content: '',
      unread: 0,
      contactInfo: { id, displayName: 'Live', is_group: 1 },
    });

    await ok(groupCall('setManager', { id, user_id: uid(b), role: 2 }, a));
    expect((await sc.next((f) => f.type === 'setManager')).data).toEqual({ group_id: id, user_id: uid(b), role: 2 });
    await ok(groupCall('editGroupName', { id, displayName: 'Still live' }, b));
    expect((await sc.next((f) => f.type === 'editGroupName')).data).toMatchObject({ id, displayName: 'Still live' });

    await ok(groupCall('removeUser', { id, user_id: uid(c) }, b));
    expect((await sc.next((f) => f.type === 'removeUser')).data).toEqual({ group_id: id, user_id: uid(c) });
    expect((await sc.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: id, reason: 'removed' });
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
    expect((await sb.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: id, reason: 'dissolved' });
    const line = await sb.next((f) => f.type === 'group' && f.data.extends?.system?.kind === 'dissolved');
    expect(line.data.fromUser.id).toBe(uid(a));
    sb.close();
  });

  it('keeps the chat of a group I was removed from, left, or that was dissolved, read-only and marked, until I delete it', async () => {
    const [a, b, c, d] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b, c, d], 'Kept');
    await ok(call('/enterprise/im/sendMessage', textMessage(id, 'before'), { token: a.token }));
    const sb = await connect(b.token);
    await ok(groupCall('removeUser', { id, user_id: uid(b) }, a));
    expect((await sb.next((f) => f.type === 'removeGroup')).data).toEqual({ group_id: id, reason: 'removed' });
    await ok(groupCall('removeUser', { id, user_id: uid(c) }, c));
    const row = async (as: typeof a) =>
      ((await call('/enterprise/im/getContacts', {}, { token: as.token })).body.data as any[]).find((r) => r.id === id);
    await eventually(async () =>
      expect(await row(b)).toMatchObject({
        gone: 'removed',
        displayName: 'Kept',
        groupUserCount: 0,
        unread: 0,
        lastSystem: { kind: 'removed' },
      }),
    );
    await eventually(async () => expect(await row(c)).toMatchObject({ gone: 'left' }));
    // Still not a member: nothing more reaches them, and history ends at the line saying they were removed.
    const kept = await call('/enterprise/im/getMessageList', { toContactId: id }, { token: b.token });
    expect((kept.body.data as any[]).at(-1)?.extends?.system?.kind).toBe('removed');
    await ok(groupCall('removeGroup', { id }, a));
    await eventually(async () =>
      expect(await row(d)).toMatchObject({ gone: 'dissolved', lastSystem: { kind: 'dissolved' } }),
    );
    // The owner's own chat of the dissolved group stays too.
    await eventually(async () => expect(await row(a)).toMatchObject({ gone: 'dissolved' }));
    // Deleting it takes it off the list for good.
    await ok(call('/enterprise/im/delChat', { id }, { token: b.token }));
    expect(await row(b)).toBeUndefined();
    sb.close();
  });
});
