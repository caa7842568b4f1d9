// The operators' audit trail: every console action appends one row (who, when,
// what, on whom, before → after); the console lists and filters them and nothing edits them.
import type { AuditRow } from '../protocol/console';
import { offsetOf, paged } from './paged';

export interface AuditEntry {
  actor: number;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

/** An audit row as the console answers it (its schema: protocol/console.ts). */
export type { AuditRow } from '../protocol/console';

const json = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** The statement that appends `entry`, to batch with the change it records (both or neither). */
export const auditStatement = (db: D1Database, entry: AuditEntry) =>
  db
    .prepare(
      'INSERT INTO audit_log (actor_id, action, target, before, after, create_time) VALUES (?1, ?2, ?3, ?4, ?5, unixepoch())',
    )
    .bind(entry.actor, entry.action, entry.target, json(entry.before), json(entry.after));

export const appendAudit = (db: D1Database, entry: AuditEntry) => auditStatement(db, entry).run();

export interface AuditQuery {
  page: number;
  limit: number;
  action: string;
  actor: number;
  target: string;
  /** Only what shared demo accounts did (the demo's own console). */
  demoOnly?: boolean;
}

// The target's name, read where it lives now (a deleted user's is gone: the row's before keeps it).
const TARGET_NAME = `CASE
    WHEN a.target LIKE 'user:%' THEN (SELECT COALESCE(NULLIF(t.realname, ''), t.account) FROM users t
      WHERE t.user_id = CAST(substr(a.target, 6) AS INTEGER) AND t.status != 2)
    WHEN a.target LIKE 'group:%' THEN (SELECT g.name FROM groups g WHERE g.group_id = CAST(substr(a.target, 7) AS INTEGER))
    WHEN a.target LIKE 'notice:%' THEN (SELECT n.title FROM announcements n WHERE n.id = CAST(substr(a.target, 8) AS INTEGER))
    WHEN a.target LIKE 'report:%' THEN (SELECT COALESCE(NULLIF(s.realname, ''), s.account) FROM reports r
      JOIN users s ON s.user_id = r.sender_id WHERE r.id = CAST(substr(a.target, 8) AS INTEGER))
  END`;

/** The user ids a stored before/after names: `user_id`, `user_ids`, a report's `sender`. */
function idsIn(json: string): number[] {
  if (!json) return [];
  try {
    const value = JSON.parse(json) as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return [];
    return [value.user_id, value.sender, ...(Array.isArray(value.user_ids) ? value.user_ids : [])].filter(
      (id): id is number => typeof id === 'number',
    );
  } catch {
    return [];
  }
}

/** Newest first, filtered by action (prefix: "user." for every user action), actor and target. */
export async function listAudit(db: D1Database, q: AuditQuery): Promise<{ rows: AuditRow[]; count: number }> {
  const where = `WHERE (?1 = '' OR a.action = ?1 OR a.action LIKE ?1 || '%') AND (?2 = 0 OR a.actor_id = ?2)
    AND (?3 = '' OR a.target = ?3) AND (?4 = 0 OR u.is_demo = 1)`;
  const from = 'FROM audit_log a LEFT JOIN users u ON u.user_id = a.actor_id';
  const demo = q.demoOnly ? 1 : 0;
  const page = await paged<Omit<AuditRow, 'names'>>(
    db,
    db
      .prepare(
        `SELECT a.*, COALESCE(u.realname, '') AS actor_name, COALESCE(${TARGET_NAME}, '') AS target_name
         ${from} ${where} ORDER BY a.id DESC LIMIT ?5 OFFSET ?6`,
      )
      .bind(q.action, q.actor, q.target, demo, q.limit, offsetOf(q)),
    db.prepare(`SELECT COUNT(*) AS n ${from} ${where}`).bind(q.action, q.actor, q.target, demo),
  );
  const ids = [...new Set(page.rows.flatMap((r) => [...idsIn(r.before), ...idsIn(r.after)]))];
  const people =
    ids.length === 0
      ? []
      : (
          await db
            .prepare(
              `SELECT user_id, COALESCE(NULLIF(realname, ''), account) AS name FROM users
               WHERE user_id IN (SELECT value FROM json_each(?1)) AND status != 2`,
            )
            .bind(JSON.stringify(ids))
            .all<{ user_id: number; name: string }>()
        ).results;
  const nameOf = new Map(people.map((p) => [p.user_id, p.name]));
  const rows = page.rows.map((r) => {
    const mine = [...idsIn(r.before), ...idsIn(r.after)].filter((id) => nameOf.has(id));
    return { ...r, names: Object.fromEntries(mine.map((id) => [String(id), nameOf.get(id)!])) };
  });
  return { rows, count: page.count };
}

/**
 * Whether an operator reset `userId`'s password (manage/user/editPassword's row) at or after `since`
 * (unix seconds): why a login made before it was refused. Read only for a refused token.
 */
export const passwordResetSince = async (db: D1Database, userId: number, since: number) =>
  (await db
    .prepare(
      "SELECT 1 AS found FROM audit_log WHERE create_time >= ?2 AND action = 'user.editPassword' AND target = ?1 LIMIT 1",
    )
    .bind(`user:${userId}`, since)
    .first<number>('found')) === 1;
