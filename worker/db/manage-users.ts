// D1 queries of the operator console's Users page: search, sort and page the
// users, and the few changes only an operator makes (role, enabling). Rows never carry the hash.
import type { ManagedUser } from '../protocol/console';
import { foldedMatch, nameOrder } from '../services/console-search';
import type { Lang } from '../services/i18n';
import { offsetOf, paged } from './paged';

/** A user row as the console answers it (its schema: protocol/console.ts). */
export type { ManagedUser } from '../protocol/console';

const COLUMNS = `u.user_id, u.account, u.realname, u.avatar, u.email, u.sex, u.motto, u.role, u.status, u.is_auth,
  u.is_demo, u.register_ip, u.last_login_ip, u.last_login_time, u.login_count, u.create_time,
  COALESCE(n.remark, '') AS remark, COALESCE(n.cs_uid, 0) AS cs_uid, COALESCE(cs.realname, '') AS cs_name`;
// Every user with their notes (none yet: defaults) and their agent's name.
const FROM = `users u LEFT JOIN user_notes n ON n.user_id = u.user_id LEFT JOIN users cs ON cs.user_id = n.cs_uid`;

/** `users.status` of a deleted account: the row stays so its id never names anyone else. */
export const USER_DELETED = 2;

/** Sortable columns (a picklist in protocol/manage.ts; never a request's text in the SQL). */
export const USER_SORTS = ['user_id', 'account', 'realname', 'create_time', 'last_login_time'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UserQuery {
  page: number;
  limit: number;
  keywords: string;
  sort: UserSort;
  order: 'asc' | 'desc';
  /** -1 every user but the deleted, else only that status (0 disabled, 1 active, 2 deleted). */
  status: number;
  /** Only the shared demo accounts (the demo's own console). */
  demoOnly?: boolean;
  /** The console's language: the order of names. */
  lang?: Lang;
}

const FILTER = `WHERE (?1 < 0 AND u.status != ${USER_DELETED} OR u.status = ?1) AND (?2 = 0 OR u.is_demo = 1)`;

/**
 * One page of users whose account or name contains `keywords`, with how many match. Searched or
 * ordered by name, every candidate's account and name are read and matched and ordered here
 * (services/console-search.ts: diacritics ignored, names in `lang`'s order), then the page's rows.
 */
export async function listUsers(db: D1Database, q: UserQuery): Promise<{ rows: ManagedUser[]; count: number }> {
  const filter = [q.status, q.demoOnly ? 1 : 0];
  if (q.keywords.trim() === '' && q.sort !== 'realname') {
    const order = `u.${q.sort} ${q.order === 'asc' ? 'ASC' : 'DESC'}, u.user_id DESC`;
    return paged<ManagedUser>(
      db,
      db
        .prepare(`SELECT ${COLUMNS} FROM ${FROM} ${FILTER} ORDER BY ${order} LIMIT ?3 OFFSET ?4`)
        .bind(...filter, q.limit, offsetOf(q)),
      db.prepare(`SELECT COUNT(*) AS n FROM users u ${FILTER}`).bind(...filter),
    );
  }
  const key = q.sort === 'realname' ? `COALESCE(NULLIF(u.realname, ''), u.account)` : `u.${q.sort}`;
  const { results } = await db
    .prepare(`SELECT u.user_id, u.account, u.realname, ${key} AS k FROM users u ${FILTER}`)
    .bind(...filter)
    .all<{ user_id: number; account: string; realname: string; k: string | number }>();
  const compareNames = nameOrder(q.lang ?? 'vi');
  const direction = q.order === 'asc' ? 1 : -1;
  const found = results
    .filter((u) => foldedMatch(q.keywords, [u.account, u.realname]))
    .sort(
      (a, b) =>
        direction * (typeof a.k === 'number' ? a.k - Number(b.k) : compareNames(String(a.k), String(b.k))) ||
        b.user_id - a.user_id,
    );
  const ids = found.slice(offsetOf(q), offsetOf(q) + q.limit).map((u) => u.user_id);
  return { rows: await usersInOrder(db, ids), count: found.length };
}

/** The users `ids` names, in that order. */
async function usersInOrder(db: D1Database, ids: number[]): Promise<ManagedUser[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE u.user_id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(ids))
    .all<ManagedUser>();
  const byId = new Map(results.map((row) => [row.user_id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const managedUser = (db: D1Database, userId: number) =>
  db.prepare(`SELECT ${COLUMNS} FROM ${FROM} WHERE u.user_id = ?1`).bind(userId).first<ManagedUser>();

/** The operator's own standing, read at each request (never from a token): role, status, demo. */
export const operatorOf = (db: D1Database, userId: number) =>
  db
    .prepare('SELECT role, status, is_demo FROM users WHERE user_id = ?1')
    .bind(userId)
    .first<{ role: number; status: number; is_demo: number }>();

/**
 * The condition an UPDATE of `users` carries when it could take the last active super admin away
 * (a demotion, disabling, deletion): the row is not an active super admin, or another one is left.
 * It is part of the statement, checked as the row is written, and D1 writes one statement at a
 * time, so two super admins demoting or disabling each other at the same moment cannot both pass;
 * a held-back UPDATE changes no row (`meta.changes` 0, or no RETURNING row).
 */
export const KEEPS_A_SUPER_ADMIN = `NOT (role = 1 AND status = 1 AND
  (SELECT COUNT(*) FROM users o WHERE o.role = 1 AND o.status = 1 AND o.user_id != users.user_id) = 0)`;

/** Sets a role; a demotion of the last active super admin changes nothing. */
export const setRoleStatement = (db: D1Database, userId: number, role: number) =>
  db
    .prepare(
      `UPDATE users SET role = ?2, update_time = unixepoch() WHERE user_id = ?1 AND (?2 = 1 OR ${KEEPS_A_SUPER_ADMIN})`,
    )
    .bind(userId, role);

/** Sets a role alone, answering whether it was set (false: it would have left no super admin). */
export const setRole = async (db: D1Database, userId: number, role: number) =>
  (await setRoleStatement(db, userId, role).run()).meta.changes > 0;

/** Enabling keeps the token version: sessions ended by the disabling stay ended. */
export const enableStatement = (db: D1Database, userId: number) =>
  db.prepare('UPDATE users SET status = 1, update_time = unixepoch() WHERE user_id = ?1').bind(userId);

/** The live groups `userId` is in, with their role there (1 owner, 2 admin, 3 member). */
export const liveMemberships = async (db: D1Database, userId: number) =>
  (
    await db
      .prepare(
        'SELECT m.group_id, m.role FROM group_members m JOIN groups g USING (group_id) WHERE m.user_id = ?1 AND g.status = 1',
      )
      .bind(userId)
      .all<{ group_id: number; role: number }>()
  ).results;

/**
 * Deleting an account: the row stays (status 2) under an account no one can register or sign in
 * with, emptied of the person (name, picture, email, password, addresses), its token version bumped
 * so every session ends; friendships both ways, requests, presence, login places and notes go.
 * The first statement answers the new token version.
 */
export const deleteUserStatements = (db: D1Database, userId: number) => [
  db
    .prepare(
      `UPDATE users SET status = ${USER_DELETED}, account = '~deleted~' || user_id, realname = '', password_hash = '',
         avatar = '', email = '', motto = '', role = 0, is_auth = 0, register_ip = '', last_login_ip = '',
         token_version = token_version + 1, update_time = unixepoch()
       WHERE user_id = ?1 RETURNING token_version`,
    )
    .bind(userId),
  db.prepare('DELETE FROM friends WHERE create_user = ?1 OR friend_user_id = ?1').bind(userId),
  db.prepare('DELETE FROM presence WHERE user_id = ?1').bind(userId),
  db.prepare('DELETE FROM login_places WHERE user_id = ?1').bind(userId),
  // Their own notes go; the people they served as customer-service agent have none now.
  db.prepare('DELETE FROM user_notes WHERE user_id = ?1').bind(userId),
  db.prepare('DELETE FROM user_settings WHERE user_id = ?1').bind(userId),
  db.prepare('UPDATE user_notes SET cs_uid = 0, update_time = unixepoch() WHERE cs_uid = ?1').bind(userId),
];
