// D1 queries on users. Rows never leave this module with their password hash.
import { spread } from '../services/auth-cache';
import { KEEPS_A_SUPER_ADMIN } from './manage-users';
export interface UserRow {
  user_id: number;
  account: string;
  realname: string;
  password_hash: string;
  avatar: string;
  email: string;
  sex: number;
  motto: string;
  role: number;
  is_auth: number;
  status: number;
  token_version: number;
  is_demo: number;
  last_login_time: number;
  create_time: number;
}

const now = () => Math.floor(Date.now() / 1000);

export const findUserByAccount = (db: D1Database, account: string) =>
  db.prepare('SELECT * FROM users WHERE account = ?1').bind(account).first<UserRow>();

export const findUserById = (db: D1Database, userId: number) =>
  db.prepare('SELECT * FROM users WHERE user_id = ?1').bind(userId).first<UserRow>();

export async function insertUser(
  db: D1Database,
  user: { account: string; realname: string; passwordHash: string; email: string; isAuth: number; registerIp: string },
): Promise<UserRow | null> {
  const t = now();
  return db
    .prepare(
      `INSERT INTO users (account, realname, password_hash, email, is_auth, register_ip, create_time, update_time)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7) ON CONFLICT(account) DO NOTHING RETURNING *`,
    )
    .bind(user.account, user.realname, user.passwordHash, user.email, user.isAuth, user.registerIp, t)
    .first<UserRow>();
}

export const recordLogin = (db: D1Database, userId: number, ip: string) =>
  db
    .prepare(
      'UPDATE users SET last_login_time = ?2, last_login_ip = ?3, login_count = login_count + 1 WHERE user_id = ?1',
    )
    .bind(userId, now(), ip)
    .run();

export async function updateProfile(
  db: D1Database,
  userId: number,
  fields: Partial<Pick<UserRow, 'realname' | 'email' | 'motto' | 'sex'>>,
) {
  const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  // Column names come from the typed keys above, never from the request.
  const sets = entries.map(([key], i) => `${key} = ?${i + 2}`).join(', ');
  await db
    .prepare(`UPDATE users SET ${sets}, update_time = ?${entries.length + 2} WHERE user_id = ?1`)
    .bind(userId, ...entries.map(([, v]) => v), now())
    .run();
}

/**
 * Moves the user to a new account name, now verified (is_auth 1); null when another user has it
 * (checked in the same statement, so two users cannot both take it).
 */
export const changeAccount = (db: D1Database, userId: number, account: string) =>
  db
    .prepare(
      `UPDATE users SET account = ?2, is_auth = 1, update_time = ?3 WHERE user_id = ?1
         AND NOT EXISTS (SELECT 1 FROM users WHERE account = ?2 AND user_id <> ?1) RETURNING *`,
    )
    .bind(userId, account, now())
    .first<UserRow>();

/** Sets the password and ends every session (token version + 1); answers the new version. */
export const setPassword = async (db: D1Database, userId: number, passwordHash: string) =>
  (await db
    .prepare(
      'UPDATE users SET password_hash = ?2, token_version = token_version + 1, update_time = ?3 WHERE user_id = ?1 RETURNING token_version',
    )
    .bind(userId, passwordHash, now())
    .first<number>('token_version')) ?? 0;

/** Ends every session of the user (logout everywhere); answers the new token version. */
export const bumpTokenVersion = async (db: D1Database, userId: number) =>
  (await db
    .prepare(
      'UPDATE users SET token_version = token_version + 1, update_time = ?2 WHERE user_id = ?1 RETURNING token_version',
    )
    .bind(userId, now())
    .first<number>('token_version')) ?? 0;

/**
 * Disables the account and ends its sessions for good (a re-enabled account logs in afresh);
 * answers the new token version, or null when it was held back: the last active super admin.
 */
export const disableUser = (db: D1Database, userId: number) =>
  db
    .prepare(
      `UPDATE users SET status = 0, token_version = token_version + 1, update_time = ?2
       WHERE user_id = ?1 AND ${KEEPS_A_SUPER_ADMIN} RETURNING token_version`,
    )
    .bind(userId, now())
    .first<number>('token_version');

/** One round trip per authenticated request: is the user active, which token version, is this token's session revoked. */
export const tokenState = (db: D1Database, userId: number, sid: string) =>
  db
    .prepare(
      'SELECT status, token_version, role, realname, avatar, EXISTS (SELECT 1 FROM token_revocations WHERE jti = ?2) AS revoked FROM users WHERE user_id = ?1',
    )
    .bind(userId, sid)
    .first<{
      status: number;
      token_version: number;
      role: number;
      realname: string;
      avatar: string;
      revoked: number;
    }>();

export const listActiveUsers = (db: D1Database) =>
  db
    .prepare('SELECT * FROM users WHERE status = 1 ORDER BY user_id')
    .all<UserRow>()
    .then((r) => r.results);

export const cardOf = (row: { user_id: number; realname: string; avatar: string }) => ({
  id: row.user_id,
  user_id: row.user_id,
  realname: row.realname,
  displayName: row.realname,
  avatar: row.avatar,
});

// Whether a user can be messaged changes rarely; an isolate remembers active users for a
// minute (less a random part, so look-ups do not all fall due at once) so each send does not
// look its peer up in D1 again.
const ACTIVE_TTL_MS = 60_000;
const activeUntil = new Map<number, number>();

export async function isActiveUser(db: D1Database, userId: number): Promise<boolean> {
  if ((activeUntil.get(userId) ?? 0) > Date.now()) return true;
  const row = await findUserById(db, userId);
  const active = !!row && row.status === 1;
  if (active) {
    if (activeUntil.size > 10_000) activeUntil.clear();
    activeUntil.set(userId, Date.now() + spread(ACTIVE_TTL_MS));
  } else activeUntil.delete(userId);
  return active;
}

/** The token feed saw this user change (maybe disabled): look them up again on the next send. */
export const forgetActiveUser = (userId: number) => activeUntil.delete(userId);

export const setPresence = (db: D1Database, userId: number, online: 0 | 1) =>
  db
    .prepare(
      'INSERT INTO presence (user_id, online, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT(user_id) DO UPDATE SET online = ?2, updated_at = ?3',
    )
    .bind(userId, online, now())
    .run();

/** A user's presence row: online now (as far as D1 knows), and when that last changed (unix seconds). */
export interface PresenceRow {
  online: number;
  updated_at: number;
}

/** Everyone's presence rows, by user id (no row: never connected). */
export const presenceOf = (db: D1Database) =>
  db
    .prepare('SELECT user_id, online, updated_at FROM presence')
    .all<PresenceRow & { user_id: number }>()
    .then((r) => new Map<number, PresenceRow>(r.results.map(({ user_id, ...row }) => [user_id, row])));

export const presenceOfUser = (db: D1Database, userId: number) =>
  db.prepare('SELECT online, updated_at FROM presence WHERE user_id = ?1').bind(userId).first<PresenceRow>();

/** Users by id, in one round trip (lists of requests and the like). */
export const findUsersByIds = (db: D1Database, ids: number[]) =>
  db
    .prepare('SELECT * FROM users WHERE user_id IN (SELECT value FROM json_each(?1))')
    .bind(JSON.stringify([...new Set(ids)]))
    .all<UserRow>()
    .then((r) => new Map(r.results.map((row) => [row.user_id, row])));
