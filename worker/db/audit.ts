// The operators' audit trail (issue 25 item 10): every console action appends one row (who, when,
// what, on whom, before → after); the console lists and filters them and nothing edits them.
import { offsetOf, paged } from './paged';

export interface AuditEntry {
  actor: number;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditRow {
  id: number;
  actor_id: number;
  actor_name: string;
  action: string;
  target: string;
  before: string;
  after: string;
  create_time: number;
}

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
  /** Only what shared demo accounts did (the demo's own console, issue 35 item 9). */
  demoOnly?: boolean;
}

/** Newest first, filtered by action (prefix: "user." for every user action), actor and target. */
export async function listAudit(db: D1Database, q: AuditQuery): Promise<{ rows: AuditRow[]; count: number }> {
  const where = `WHERE (?1 = '' OR a.action = ?1 OR a.action LIKE ?1 || '%') AND (?2 = 0 OR a.actor_id = ?2)
    AND (?3 = '' OR a.target = ?3) AND (?4 = 0 OR u.is_demo = 1)`;
  const from = 'FROM audit_log a LEFT JOIN users u ON u.user_id = a.actor_id';
  const demo = q.demoOnly ? 1 : 0;
  return paged<AuditRow>(
    db,
    db
      .prepare(
        `SELECT a.*, COALESCE(u.realname, '') AS actor_name ${from} ${where} ORDER BY a.id DESC LIMIT ?5 OFFSET ?6`,
      )
      .bind(q.action, q.actor, q.target, demo, q.limit, offsetOf(q)),
    db.prepare(`SELECT COUNT(*) AS n ${from} ${where}`).bind(q.action, q.actor, q.target, demo),
  );
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
