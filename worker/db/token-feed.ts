// Keeps an isolate's cached token verdicts honest: about once a second, one D1 round trip reads the
// tokens revoked since the last look (by rowid) and the users changed since then (password, status,
// profile: `update_time`), and the cache drops every entry they touch. A revocation on one isolate
// therefore reaches the others about a second later (the look a request starts runs beside it, and
// the requests after it see the result), and steady traffic costs one look-up per isolate per
// second instead of one per user every few seconds.
import { forgetAll, forgetSessions, forgetUser } from '../services/auth-cache';
import { forgetActiveUser } from './users';

const SYNC_MS = 1000;
/**
 * Until the last look is this old, requests go on with the cache while the next look runs beside
 * them (steady traffic never waits for D1); past it, as after a quiet spell, they wait for it.
 */
const STALE_MS = 3000;
/** Users changed this many seconds before the last look are read again: clocks of isolates differ. */
const OVERLAP_SECONDS = 5;

let position: { rowid: number; seconds: number; at: number } | null = null;
let running: Promise<void> | null = null;
let looks = 0;

/**
 * How many looks have finished. A verdict read from D1 may be cached only if no look finished
 * while it was read: that look may have passed over the very revocation the verdict missed.
 */
export const tokenFeedLooks = () => looks;

/**
 * Starts a look when the last one is SYNC_MS old. Returns what the caller must wait for: the look
 * when the cache is older than STALE_MS (or has never looked), otherwise null, and the running
 * look goes to `beside` (the request's waitUntil) so it finishes even if the request does not.
 */
export function followTokenChanges(
  db: D1Database,
  beside: (look: Promise<void>) => void,
  now = Date.now(),
): Promise<void> | null {
  if (position && now - position.at < SYNC_MS) return null;
  const fresh = !running;
  running ??= look(db, now).finally(() => {
    running = null;
    looks++;
  });
  if (position && now - position.at < STALE_MS) {
    if (fresh) beside(running);
    return null;
  }
  return running;
}

async function look(db: D1Database, now: number): Promise<void> {
  const seconds = Math.floor(now / 1000);
  try {
    if (!position) {
      // The first look only sets the start: nothing was cached before it.
      forgetAll();
      const rowid =
        (await db.prepare('SELECT COALESCE(MAX(rowid), 0) AS r FROM token_revocations').first<number>('r')) ?? 0;
      position = { rowid, seconds, at: now };
      return;
    }
    const [revoked, changed] = await db.batch<{ r: number; jti: string } | { user_id: number }>([
      db.prepare('SELECT rowid AS r, jti FROM token_revocations WHERE rowid > ?1 ORDER BY rowid').bind(position.rowid),
      db.prepare('SELECT user_id FROM users WHERE update_time >= ?1').bind(position.seconds - OVERLAP_SECONDS),
    ]);
    const rows = revoked!.results as { r: number; jti: string }[];
    forgetSessions(rows.map((row) => row.jti));
    for (const row of changed!.results as { user_id: number }[]) {
      forgetUser(row.user_id);
      forgetActiveUser(row.user_id);
    }
    position = { rowid: rows.at(-1)?.r ?? position.rowid, seconds, at: now };
  } catch (error) {
    // Without the feed nothing cached can be trusted: verify every token against D1 again.
    forgetAll();
    position = null;
    console.warn('token feed failed; cached tokens dropped', error);
  }
}
