// A changed profile (name, avatar, signature) reaches every screen showing that person: an
// `updateUser` frame to the hubs of the people who have a one-to-one chat with them or are their
// friends, each worded with that person's own remark when they set one, and to the user's own
// devices. Sent after the answer (waitUntil), bounded, settled in parallel: one unreachable hub
// delays or fails nobody.
import type { UserRow } from '../db/users';
import { userHub } from '../durable/stubs';
import { FRIEND_STATUS, type UserUpdate } from '../protocol/people';

/** The most peers one change is pushed to; beyond it, screens catch up on their next load. */
export const PROFILE_AUDIENCE_MAX = 500;

type Profile = Pick<UserRow, 'user_id' | 'realname' | 'avatar' | 'motto'>;

export const userUpdate = (row: Profile, remark = ''): UserUpdate => ({
  id: row.user_id,
  realname: row.realname,
  displayName: remark || row.realname,
  avatar: row.avatar,
  motto: row.motto,
});

/**
 * My friends (both rows say 1) and each one's remark for me ('' when none): they see me in their
 * address book even without a chat.
 */
async function friendsOf(db: D1Database, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .prepare(
      `SELECT f.create_user AS owner, f.nickname FROM friends f WHERE f.friend_user_id = ?1 AND f.status = ${FRIEND_STATUS.FRIENDS}
         AND EXISTS (SELECT 1 FROM friends g WHERE g.create_user = ?1 AND g.friend_user_id = f.create_user AND g.status = ${FRIEND_STATUS.FRIENDS})
       LIMIT ?2`,
    )
    .bind(userId, PROFILE_AUDIENCE_MAX)
    .all<{ owner: number; nickname: string }>();
  return new Map(rows.results.map((r) => [Number(r.owner), String(r.nickname)]));
}

/** Pushes `row`'s profile to its audience and its own devices; never throws. */
export async function pushProfile(env: Env, row: Profile): Promise<void> {
  const [peers, remarks] = await Promise.all([
    userHub(env, row.user_id)
      .chatPeers(PROFILE_AUDIENCE_MAX)
      .catch(() => [] as number[]),
    friendsOf(env.DB, row.user_id).catch(() => new Map<number, string>()),
  ]);
  const audience = [...new Set([...peers, ...remarks.keys()])]
    .filter((peer) => peer > 0 && peer !== row.user_id)
    .slice(0, PROFILE_AUDIENCE_MAX);
  const results = await Promise.allSettled([
    userHub(env, row.user_id).notify('updateUser', userUpdate(row)),
    ...audience.map((peer) => userHub(env, peer).notify('updateUser', userUpdate(row, remarks.get(peer)))),
  ]);
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed > 0) console.warn('profile push: hubs did not answer', failed);
}
