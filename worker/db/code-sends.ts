// How many verification codes went out (code_sends): to one address per UTC day, and over every
// address per hour. Each claim is one conditional upsert checked by `meta.changes`, so a parallel
// burst cannot pass a cap; windows past their end are swept with the next claim.
const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;

export interface CodeCaps {
  /** Codes a day to one address, all purposes together. */
  perAddressDaily: number;
  /** Codes an hour over everyone. */
  hourly: number;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * Counts one code to `address` against both caps; answers 0 when counted, else the seconds until
 * the window that is full ends. `deliver` false (a code for an account that does not exist, which
 * is never sent) counts against the address's cap alike but only reads the hourly one, so the
 * answers are the same either way and nobody spends the operator's mail on addresses of no one.
 */
export async function claimCodeSend(db: D1Database, address: string, caps: CodeCaps, deliver: boolean) {
  const at = now();
  const day = Math.floor(at / DAY_SECONDS);
  const hour = Math.floor(at / HOUR_SECONDS);
  const count = (scope: string, slot: number, max: number, ends: number) =>
    db
      .prepare(
        `INSERT INTO code_sends (scope, slot, sent, expires_at) VALUES (?1, ?2, 1, ?4)
         ON CONFLICT(scope, slot) DO UPDATE SET sent = sent + 1 WHERE sent < ?3`,
      )
      .bind(scope, slot, max, ends);
  const dayEnds = (day + 1) * DAY_SECONDS;
  const [mine] = await db.batch([
    count(`to:${address}`, day, caps.perAddressDaily, dayEnds),
    db.prepare('DELETE FROM code_sends WHERE expires_at < ?1').bind(at),
  ]);
  if (mine!.meta.changes === 0) return dayEnds - at;
  const hourEnds = (hour + 1) * HOUR_SECONDS;
  if (deliver) {
    const { meta } = await count('all', hour, caps.hourly, hourEnds).run();
    return meta.changes === 0 ? hourEnds - at : 0;
  }
  const sent = await db
    .prepare("SELECT sent FROM code_sends WHERE scope = 'all' AND slot = ?1")
    .bind(hour)
    .first<number>('sent');
  return (sent ?? 0) >= caps.hourly ? hourEnds - at : 0;
}
