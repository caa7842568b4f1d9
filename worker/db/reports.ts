// Reports of messages: written by the member who reports, read and settled by
// operators. A report keeps what the reporter saw (the message and a little context), so the queue
// never needs to open the conversation itself.
import type { Report as ReportRow, ReportLine as ReportContextLine } from '../protocol/console';
import { offsetOf, paged } from './paged';

/** A report as the console answers it, and a line of what the reporter saw (their schemas: protocol/console.ts). */
export type { ReportLine as ReportContextLine, Report as ReportRow } from '../protocol/console';

/** Files a report; a second one by the same person of the same message changes nothing. */
export const fileReport = (
  db: D1Database,
  r: {
    reporter: number;
    conversation: string;
    seq: number;
    sender: number;
    reason: string;
    note: string;
    context: ReportContextLine[];
  },
) =>
  db
    .prepare(
      `INSERT INTO reports (reporter_id, conversation, seq, sender_id, reason, note, context, create_time)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, unixepoch()) ON CONFLICT DO NOTHING`,
    )
    .bind(r.reporter, r.conversation, r.seq, r.sender, r.reason, r.note, JSON.stringify(r.context))
    .run();

// The chat it came from: a group by its name; a one-to-one chat is the reporter's with the sender.
const SELECT = `SELECT r.*, COALESCE(a.realname, '') AS reporter_name, COALESCE(s.realname, '') AS sender_name,
    COALESCE(g.name, '') AS group_name
  FROM reports r LEFT JOIN users a ON a.user_id = r.reporter_id LEFT JOIN users s ON s.user_id = r.sender_id
    LEFT JOIN groups g ON r.conversation = 'group-' || g.group_id`;

const parsed = (row: Record<string, unknown>): ReportRow => ({
  ...(row as unknown as ReportRow),
  context: JSON.parse(String(row.context)) as ReportContextLine[],
});

/** demoOnly: the reports whose reporter and sender are both shared demo accounts (the demo's own console). */
export async function listReports(
  db: D1Database,
  q: { page: number; limit: number; status: number; demoOnly?: boolean },
): Promise<{ rows: ReportRow[]; count: number }> {
  const demo = q.demoOnly ? 1 : 0;
  const where = `WHERE (?1 < 0 OR r.status = ?1) AND (?2 = 0 OR (a.is_demo = 1 AND s.is_demo = 1))`;
  const { rows, count } = await paged<Record<string, unknown>>(
    db,
    db.prepare(`${SELECT} ${where} ORDER BY r.id DESC LIMIT ?3 OFFSET ?4`).bind(q.status, demo, q.limit, offsetOf(q)),
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM reports r LEFT JOIN users a ON a.user_id = r.reporter_id
         LEFT JOIN users s ON s.user_id = r.sender_id ${where}`,
      )
      .bind(q.status, demo),
  );
  return { rows: rows.map(parsed), count };
}

export const findReport = async (db: D1Database, id: number) => {
  const row = await db.prepare(`${SELECT} WHERE r.id = ?1`).bind(id).first<Record<string, unknown>>();
  return row ? parsed(row) : null;
};

/** Settles a report and every other open one of the same message (hidden or disabled settles them all). */
export const settleStatement = (db: D1Database, report: ReportRow, status: number, by: number, sameMessage: boolean) =>
  sameMessage
    ? db
        .prepare(
          `UPDATE reports SET status = ?3, handled_by = ?4, handled_at = unixepoch()
           WHERE conversation = ?1 AND seq = ?2 AND (status = 0 OR id = ?5)`,
        )
        .bind(report.conversation, report.seq, status, by, report.id)
    : db
        .prepare('UPDATE reports SET status = ?2, handled_by = ?3, handled_at = unixepoch() WHERE id = ?1')
        .bind(report.id, status, by);
