// Messages per day for the operator console (issue 25 item 3): a conversation's hub counts each new
// message under its UTC day in its own SQLite, in the write that stores the message, and its alarm
// adds those pending counts to D1's message_days, so sending a message never waits on D1.

/** Pending counts by UTC day ('YYYY-MM-DD'). WITHOUT ROWID: a count is one row written, no index row. */
export const PENDING_DAYS_SCHEMA =
  'CREATE TABLE IF NOT EXISTS days_pending (day TEXT PRIMARY KEY, messages INTEGER NOT NULL) WITHOUT ROWID;';

/** The UTC day of `ms` as message_days keys it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** One more message on `now`'s day; called inside the transaction that stores the message. */
export function countMessage(sql: SqlStorage, now: number): void {
  sql.exec(
    'INSERT INTO days_pending (day, messages) VALUES (?, 1) ON CONFLICT(day) DO UPDATE SET messages = messages + 1',
    utcDay(now),
  );
}

/**
 * Adds the pending counts to D1 in one batch, then takes off this hub exactly what was added (a
 * message counted while D1 answered stays pending). False when D1 failed: the counts stay for the
 * next alarm; nothing is thrown, so the alarm's other work goes on. A crash between D1's commit and
 * the local update counts those messages twice at the next alarm, which a console chart can bear.
 */
export async function flushMessageDays(storage: DurableObjectStorage, db: D1Database): Promise<boolean> {
  const sql = storage.sql;
  // A hub made before the counter existed wakes to an alarm before its store (and schema) is opened.
  sql.exec(PENDING_DAYS_SCHEMA);
  const pending = sql
    .exec('SELECT day, messages FROM days_pending')
    .toArray()
    .map((r) => ({ day: String(r.day), messages: Number(r.messages) }));
  if (pending.length === 0) return true;
  const add = db.prepare(
    'INSERT INTO message_days (day, messages) VALUES (?1, ?2) ON CONFLICT(day) DO UPDATE SET messages = messages + excluded.messages',
  );
  try {
    await db.batch(pending.map((p) => add.bind(p.day, p.messages)));
  } catch (error) {
    console.warn('message_days: D1 refused the counts; they wait for the next alarm', error);
    return false;
  }
  storage.transactionSync(() => {
    for (const p of pending)
      sql.exec('UPDATE days_pending SET messages = messages - ? WHERE day = ?', p.messages, p.day);
    sql.exec('DELETE FROM days_pending WHERE messages <= 0');
  });
  return true;
}
