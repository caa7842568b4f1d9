// D1's projection of groups (which groups am I in) follows the group hub, the source of truth, even
// when its hub is evicted in the middle of a change; and joining by a group QR needs a valid one.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import { signQrToken } from '../../worker/services/qr-tokens';
import { createGroup, groupCall, ok, uid } from './group-helpers';
import { call, eventually, fetchWorker, loginUser, TEST_JWT_SECRET } from './helpers';

const stubOf = (id: string) => conversationHub(env, id) as unknown as DurableObjectStub;
const groupNo = (id: string) => Number(id.slice('group-'.length));

/** The roster as the hub holds it and as D1 projects it, each sorted. */
async function rosters(id: string) {
  const hub = await runInDurableObject(stubOf(id), (_hub, state) =>
    state.storage.sql
      .exec(
        'SELECT m.user_id, COALESCE(r.role, 3) AS role FROM members m LEFT JOIN group_roles r USING (user_id) ORDER BY m.user_id',
      )
      .toArray()
      .map((r) => [Number(r.user_id), Number(r.role)]),
  );
  const d1 = (
    await env.DB.prepare('SELECT user_id, role FROM group_members WHERE group_id = ?1 ORDER BY user_id')
      .bind(groupNo(id))
      .all<{ user_id: number; role: number }>()
  ).results.map((r) => [r.user_id, r.role]);
  return { hub, d1 };
}

describe('the D1 projection', () => {
  it('matches the hub after each change', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    await eventually(async () => {
      const { hub, d1 } = await rosters(id);
      expect(d1).toEqual(hub);
      expect(hub).toHaveLength(2);
    });
    await ok(groupCall('addGroupUser', { id, user_ids: [uid(c)] }, a));
    await ok(groupCall('changeOwner', { id, user_id: uid(c) }, a));
    await eventually(async () => {
      const { hub, d1 } = await rosters(id);
      expect(d1).toEqual(hub);
      expect(hub).toContainEqual([uid(c), 1]);
    });
    const row = await env.DB.prepare('SELECT owner_id, status FROM groups WHERE group_id = ?1')
      .bind(groupNo(id))
      .first();
    expect(row).toEqual({ owner_id: uid(c), status: 1 });
    await ok(groupCall('removeGroup', { id }, c));
    await eventually(async () => expect((await rosters(id)).d1).toEqual([]));
    expect(
      await env.DB.prepare('SELECT status FROM groups WHERE group_id = ?1').bind(groupNo(id)).first('status'),
    ).toBe(0);
  });

  it('converges after the hub is evicted while D1 could not take the change', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    await eventually(async () => expect((await rosters(id)).d1).toHaveLength(2));
    // D1 refuses the projection (its table is away), so the change is committed in the hub only...
    await env.DB.prepare('ALTER TABLE group_members RENAME TO group_members_away').run();
    try {
      await ok(groupCall('addGroupUser', { id, user_ids: [uid(c)] }, a));
      await ok(groupCall('setManager', { id, user_id: uid(b), role: 2 }, a));
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await env.DB.prepare('ALTER TABLE group_members_away RENAME TO group_members').run();
    }
    expect((await rosters(id)).d1).toHaveLength(2);
    // ...then the hub is evicted, forgetting everything in memory; its alarm resumes the outbox.
    await evictDurableObject(stubOf(id));
    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    const { hub, d1 } = await rosters(id);
    expect(d1).toEqual(hub);
    expect(d1).toEqual(
      [
        [uid(a), 1],
        [uid(b), 2],
        [uid(c), 3],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    const contacts = await call('/enterprise/im/getContacts', {}, { token: c.token });
    expect(contacts.body.data.find((x: any) => x.id === id)).toMatchObject({ is_group: 1, role: 3, groupUserCount: 3 });
  });
});

describe('joining by a group QR', () => {
  it('joins with a valid code and shows the group card when scanned', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b], 'Open door');
    const info = await groupCall('groupInfo', { group_id: id }, b);
    const token = new URL(info.body.data.qrUrl).pathname.split('/').pop()!;
    const scanned = await call(`/scan/g/${token}`, {}, { token: c.token });
    expect(scanned.body.data).toMatchObject({
      id,
      displayName: 'Open door',
      action: 'groupInfo',
      role: 0,
      groupUserCount: 2,
    });
    const joined = await groupCall('joinGroup', { token: scanned.body.data.token }, c);
    expect(joined.body.data).toMatchObject({ id, role: 3, groupUserCount: 3 });
    expect((await groupCall('joinGroup', { token }, c)).body.code).toBe(400);
    // A camera app opening the link lands on the group's page in the app, token and all.
    const opened = await fetchWorker(`/scan/g/${token}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/#/pages/message/group/info?qr=${token}`);
  });

  it('refuses an expired, forged or other-kind code', async () => {
    const [a, b, c] = await Promise.all([loginUser(), loginUser(), loginUser()]);
    const id = await createGroup(a, [b]);
    const n = id.slice('group-'.length);
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 86400;
    const expired = (await signQrToken(TEST_JWT_SECRET, 'g', n, eightDaysAgo)).token;
    const forged = (await signQrToken('another-secret-that-is-long-enough-for-hs256', 'g', n)).token;
    const userCard = (await signQrToken(TEST_JWT_SECRET, 'u', n)).token;
    for (const token of [expired, forged, userCard, 'garbage']) {
      expect((await groupCall('joinGroup', { token }, c)).body).toMatchObject({ code: 400 });
      expect((await call(`/scan/g/${token}`, {}, { token: c.token })).body.code).toBe(400);
    }
    const members = await groupCall('groupUserList', { group_id: id }, a);
    expect(members.body.data.map((m: any) => m.user_id)).not.toContain(uid(c));
  });
});
