// D1 side of the guessing rules (services/login-rules.ts). Each key's guess is counted by one
// statement that writes only when the rules allow it, and D1 runs statements one at a time: of
// twenty guesses sent at once, exactly the allowed number get a row back and are checked.
import {
  ACCOUNT_CEILING,
  CEILING_WINDOW_SECONDS,
  guessKeys,
  IP_CEILING,
  PAIR_MEMORY_SECONDS,
  PAIR_READY_SQL,
  pairDelay,
  TRUSTED_PAIR_SECONDS,
} from '../services/login-rules';

const now = () => Math.floor(Date.now() / 1000);

/** Allowed, or how long to wait (seconds) before a guess from this pair can be checked. */
export type GuessVerdict = { ok: true } | { ok: false; waitSeconds: number };

/** Counts a guess for the account from `ip` before it is checked; refused guesses are never checked. */
export async function takeGuess(db: D1Database, account: string, ip: string): Promise<GuessVerdict> {
  const keys = guessKeys(account, ip);
  const t = now();
  // Expired rows go first, so failures against accounts that do not exist cannot pile up.
  const [, pair] = await db.batch<{ guesses: number }>([
    db.prepare('DELETE FROM login_guesses WHERE expires_at <= ?1').bind(t),
    db
      .prepare(
        `INSERT INTO login_guesses (key, guesses, last_at, expires_at) VALUES (?1, 1, ?2, ?2 + ${PAIR_MEMORY_SECONDS})
       ON CONFLICT(key) DO UPDATE SET guesses = guesses + 1, last_at = ?2, expires_at = ?2 + ${PAIR_MEMORY_SECONDS}
       WHERE ${PAIR_READY_SQL} RETURNING guesses`,
      )
      .bind(keys.pair, t),
  ]);
  if (pair!.results.length === 0) {
    const row = await db
      .prepare('SELECT guesses, last_at FROM login_guesses WHERE key = ?1')
      .bind(keys.pair)
      .first<{ guesses: number; last_at: number }>();
    return { ok: false, waitSeconds: row ? row.last_at + pairDelay(row.guesses) - t : 1 };
  }
  return (
    (await underCeiling(db, keys.account, ACCOUNT_CEILING, keys.pair, t)) ??
    (await underCeiling(db, keys.ip, IP_CEILING, keys.pair, t)) ?? { ok: true }
  );
}

/** Counts a guess against a ceiling per window (an account's, an address's) unless the pair is trusted; the refusal if it is full. */
async function underCeiling(
  db: D1Database,
  key: string,
  ceiling: number,
  pair: string,
  t: number,
): Promise<GuessVerdict | null> {
  const [, counted] = await db.batch<{ guesses: number }>([
    db.prepare('DELETE FROM login_guesses WHERE key = ?1 AND expires_at <= ?2').bind(key, t),
    db
      .prepare(
        `INSERT INTO login_guesses (key, guesses, last_at, expires_at) VALUES (?1, 1, ?2, ?2 + ${CEILING_WINDOW_SECONDS})
       ON CONFLICT(key) DO UPDATE SET guesses = guesses + 1, last_at = ?2
       WHERE guesses < ?4 OR EXISTS (SELECT 1 FROM login_trusted WHERE key = ?3 AND expires_at > ?2) RETURNING guesses`,
      )
      .bind(key, t, pair, ceiling),
  ]);
  if (counted!.results.length > 0) return null;
  const until = await db
    .prepare('SELECT expires_at FROM login_guesses WHERE key = ?1')
    .bind(key)
    .first<number>('expires_at');
  return { ok: false, waitSeconds: (until ?? t + 1) - t };
}

/** A right guess: the pair starts afresh and is trusted past the ceilings; the guess is not held against the account or address. */
export async function settleGuess(db: D1Database, account: string, ip: string): Promise<void> {
  const keys = guessKeys(account, ip);
  const t = now();
  await db.batch([
    db.prepare('DELETE FROM login_guesses WHERE key = ?1').bind(keys.pair),
    db
      .prepare('UPDATE login_guesses SET guesses = guesses - 1 WHERE key IN (?1, ?2) AND guesses > 0')
      .bind(keys.account, keys.ip),
    db.prepare('DELETE FROM login_trusted WHERE expires_at <= ?1').bind(t),
    db
      .prepare(
        'INSERT INTO login_trusted (key, expires_at) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET expires_at = ?2',
      )
      .bind(keys.pair, t + TRUSTED_PAIR_SECONDS),
  ]);
}
