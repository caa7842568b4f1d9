// D1 queries on friends and friend requests (schema.sql `friends`: one row per direction). Every
// change that must hold for both sides is one batch, which D1 runs as one transaction.
import { FRIEND_STATUS } from '../protocol/people';

export interface FriendRow {
  friend_id: number;
  create_user: number;
  friend_user_id: number;
  status: number;
  nickname: string;
  remark: string;
  is_invite: number;
  create_time: number;
  update_time: number;
}

/** The two rows between me and someone: mine (me → them) and theirs (them → me). */
export interface PairRows {
  mine: FriendRow | null;
  theirs: FriendRow | null;
}

const now = () => Math.floor(Date.now() / 1000);
const { FRIENDS, PENDING } = FRIEND_STATUS;

export async function pairRows(db: D1Database, me: number, peer: number): Promise<PairRows> {
  const { results } = await db
    .prepare(
      'SELECT * FROM friends WHERE (create_user = ?1 AND friend_user_id = ?2) OR (create_user = ?2 AND friend_user_id = ?1)',
    )
    .bind(me, peer)
    .all<FriendRow>();
  return {
    mine: results.find((r) => r.create_user === me) ?? null,
    theirs: results.find((r) => r.create_user === peer) ?? null,
  };
}

/** Every row involving me, by the other person's id (lists answer a relation for each person). */
export async function pairsOf(db: D1Database, me: number): Promise<Map<number, PairRows>> {
  const { results } = await db
    .prepare('SELECT * FROM friends WHERE create_user = ?1 OR friend_user_id = ?1')
    .bind(me)
    .all<FriendRow>();
  const pairs = new Map<number, PairRows>();
  for (const row of results) {
    const mine = row.create_user === me;
    const peer = mine ? row.friend_user_id : row.create_user;
    const pair = pairs.get(peer) ?? { mine: null, theirs: null };
    pair[mine ? 'mine' : 'theirs'] = row;
    pairs.set(peer, pair);
  }
  return pairs;
}

/**
 * Sends my request, or — when they had asked me — makes us friends at once (both rows 1). Answers
 * my row as it stands after, or null when a pending request of mine was already there.
 */
export async function requestFriend(
  db: D1Database,
  me: number,
  peer: number,
  remark: string,
): Promise<FriendRow | null> {
  const t = now();
  const pair = 'create_user = ?1 AND friend_user_id = ?2';
  const [upsert, , mine] = await db.batch<FriendRow>([
    // A declined request may be asked again; a pending or accepted one is left as it is.
    db
      .prepare(
        `INSERT INTO friends (create_user, friend_user_id, status, remark, is_invite, create_time, update_time) VALUES (?1, ?2, ${PENDING}, ?3, 1, ?4, ?4)
      ON CONFLICT (create_user, friend_user_id) DO UPDATE SET status = ${PENDING}, remark = excluded.remark, is_invite = 1, create_time = ?4, update_time = ?4
      WHERE friends.status NOT IN (${FRIENDS}, ${PENDING}) RETURNING friend_id`,
      )
      .bind(me, peer, remark, t),
    db
      .prepare(
        `UPDATE friends SET status = ${FRIENDS}, update_time = ?3 WHERE ((${pair}) OR (create_user = ?2 AND friend_user_id = ?1))
      AND EXISTS (SELECT 1 FROM friends WHERE create_user = ?2 AND friend_user_id = ?1 AND status IN (${FRIENDS}, ${PENDING}))
      AND EXISTS (SELECT 1 FROM friends WHERE ${pair} AND status = ${PENDING})`,
      )
      .bind(me, peer, t),
    db.prepare(`SELECT * FROM friends WHERE ${pair}`).bind(me, peer),
  ]);
  return upsert!.results.length > 0 ? (mine!.results[0] ?? null) : null;
}

/**
 * The addressee answers a pending request: accepted (and their row written back) or declined.
 * Answers the request after, or null when it is not a pending request to me.
 */
export async function answerRequest(
  db: D1Database,
  me: number,
  friendId: number,
  accept: boolean,
): Promise<FriendRow | null> {
  const t = now();
  const status = accept ? FRIENDS : FRIEND_STATUS.DECLINED;
  const answer = db
    .prepare(
      `UPDATE friends SET status = ?3, update_time = ?4 WHERE friend_id = ?1 AND friend_user_id = ?2 AND is_invite = 1 AND status = ${PENDING} RETURNING *`,
    )
    .bind(friendId, me, status, t);
  if (!accept) return answer.first<FriendRow>();
  // The reverse row is written only by the answer just made (its update_time is this one).
  const [answered] = await db.batch<FriendRow>([
    answer,
    db
      .prepare(
        `INSERT INTO friends (create_user, friend_user_id, status, is_invite, create_time, update_time)
      SELECT ?2, create_user, ${FRIENDS}, 0, ?3, ?3 FROM friends WHERE friend_id = ?1 AND friend_user_id = ?2 AND status = ${FRIENDS} AND update_time = ?3
      ON CONFLICT (create_user, friend_user_id) DO UPDATE SET status = ${FRIENDS}, update_time = ?3`,
      )
      .bind(friendId, me, t),
  ]);
  return answered!.results[0] ?? null;
}

export const findRequest = (db: D1Database, friendId: number) =>
  db.prepare('SELECT * FROM friends WHERE friend_id = ?1').bind(friendId).first<FriendRow>();

/** Both directions go, whatever they said; answers how many rows there were. */
export const removePair = async (db: D1Database, me: number, peer: number) =>
  (
    await db
      .prepare(
        'DELETE FROM friends WHERE (create_user = ?1 AND friend_user_id = ?2) OR (create_user = ?2 AND friend_user_id = ?1)',
      )
      .bind(me, peer)
      .run()
  ).meta.changes;

/** My remark name for a friend; false when they are not my friend. */
export const saveNickname = async (db: D1Database, me: number, peer: number, nickname: string) =>
  (
    await db
      .prepare(
        `UPDATE friends SET nickname = ?3, update_time = ?4 WHERE create_user = ?1 AND friend_user_id = ?2 AND status = ${FRIENDS}
      AND EXISTS (SELECT 1 FROM friends WHERE create_user = ?2 AND friend_user_id = ?1 AND status = ${FRIENDS})`,
      )
      .bind(me, peer, nickname, now())
      .run()
  ).meta.changes > 0;

/** Pending requests to me, and the newest one's time in ms (0 when none). */
export async function pendingToMe(db: D1Database, me: number): Promise<{ count: number; page: number }> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n, MAX(create_time) AS newest FROM friends WHERE friend_user_id = ?1 AND is_invite = 1 AND status = ${PENDING}`,
    )
    .bind(me)
    .first<{ n: number; newest: number | null }>();
  return { count: row?.n ?? 0, page: (row?.newest ?? 0) * 1000 };
}

/** One page of the requests I sent (`sent`) or received, newest first, and their total. */
export async function listRequests(
  db: D1Database,
  me: number,
  sent: boolean,
  page: number,
  limit: number,
): Promise<{ rows: FriendRow[]; total: number }> {
  const who = sent ? 'create_user' : 'friend_user_id';
  const [rows, total] = await db.batch([
    db
      .prepare(
        `SELECT * FROM friends WHERE ${who} = ?1 AND is_invite = 1 ORDER BY create_time DESC, friend_id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(me, limit, (page - 1) * limit),
    db.prepare(`SELECT COUNT(*) AS n FROM friends WHERE ${who} = ?1 AND is_invite = 1`).bind(me),
  ]);
  return { rows: rows!.results as FriendRow[], total: (total!.results[0] as { n: number } | undefined)?.n ?? 0 };
}

/** What the run-mode-2 send rule needs in one round trip: both rows' statuses, both roles, the agent pair. */
export const sendingPair = (db: D1Database, me: number, peer: number) =>
  db
    .prepare(
      `SELECT (SELECT status FROM friends WHERE create_user = ?1 AND friend_user_id = ?2) AS mine,
      (SELECT status FROM friends WHERE create_user = ?2 AND friend_user_id = ?1) AS theirs,
      (SELECT role FROM users WHERE user_id = ?1) AS my_role, (SELECT role FROM users WHERE user_id = ?2) AS peer_role,
      EXISTS (SELECT 1 FROM user_notes WHERE (user_id = ?1 AND cs_uid = ?2) OR (user_id = ?2 AND cs_uid = ?1)) AS cs_pair`,
    )
    .bind(me, peer)
    .first<{
      mine: number | null;
      theirs: number | null;
      my_role: number | null;
      peer_role: number | null;
      /** 1 when one is the other's customer-service agent (user_notes.cs_uid). */
      cs_pair: number;
    }>();
