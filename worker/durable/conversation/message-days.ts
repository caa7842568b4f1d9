// Messages per day for the operator console: a conversation's hub notes in its
// `meta` the last message it has counted; its alarm counts the messages after that one by UTC day
// and adds them to D1's message_days. Sending a message therefore writes nothing more, neither a
// row in the hub (the row budgets) nor anything in D1.

/** Where the hub keeps the seq of the last message it counted. */
const MARK = 'days_counted_seq';
/** Messages counted per alarm: a hub with more (its whole history, the first time) goes on soon after. */
export const DAYS_BATCH = 2000;

/** Counted all there was, counted a batch with more to come, or D1 refused (nothing counted). */
export type DaysCount = 'done' | 'more' | 'failed';

/** The UTC day of `ms` as message_days keys it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Adds the messages after the mark to D1 in one batch, then moves the mark to the last one counted
 * (one sent while D1 answered waits for the next alarm). A group's system lines ("X joined") are no
 * one's message and are passed over; a recall changes a message and adds none. When D1 fails the
 * mark stays and nothing is thrown, so the alarm's other work goes on. A crash between D1's commit
 * and the mark's counts that batch twice at the next alarm, which a console chart can bear.
 */
export async function countMessageDays(sql: SqlStorage, db: D1Database): Promise<DaysCount> {
  const mark = Number(sql.exec('SELECT value FROM meta WHERE key = ?', MARK).toArray()[0]?.value ?? 0);
  const rows = sql
    .exec(
      "SELECT seq, send_time, json_extract(extends, '$.system') IS NOT NULL AS system FROM messages WHERE seq > ? ORDER BY seq LIMIT ?",
      mark,
      DAYS_BATCH,
    )
    .toArray();
  if (rows.length === 0) return 'done';
  const perDay = new Map<string, number>();
  for (const row of rows) {
    const day = utcDay(Number(row.send_time));
    if (!Number(row.system)) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  if (perDay.size > 0) {
    const add = db.prepare(
      'INSERT INTO message_days (day, messages) VALUES (?1, ?2) ON CONFLICT(day) DO UPDATE SET messages = messages + excluded.messages',
    );
    try {
      await db.batch([...perDay].map(([day, count]) => add.bind(day, count)));
    } catch (error) {
      console.warn('message_days: D1 refused the counts; they are counted at the next alarm', error);
      return 'failed';
    }
  }
  sql.exec(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    MARK,
    String(rows.at(-1)!.seq),
  );
  return rows.length === DAYS_BATCH ? 'more' : 'done';
}
