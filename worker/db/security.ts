// D1 queries for session revocation, verification codes and invitations (login throttling: login-guard.ts).
import type { MailboxEntry } from '../protocol/dev-tools';
import { sweepPushSessions } from './push-subscriptions';

const now = () => Math.floor(Date.now() / 1000);

/**
 * Revokes a login (every token sharing its session id) until `expiresAt`, when none of its tokens
 * can be valid any more, and sweeps rows past theirs (and the Web Push expiries of ended logins). The newest row is never swept: workers
 * follow new rows by rowid (token-feed.ts), and a reused rowid would hide a revocation from them.
 */
export const revokeSession = (db: D1Database, sid: string, expiresAt: number) =>
  db.batch([
    db.prepare('INSERT OR IGNORE INTO token_revocations (jti, expires_at) VALUES (?1, ?2)').bind(sid, expiresAt),
    db
      .prepare(
        'DELETE FROM token_revocations WHERE expires_at < ?1 AND rowid < (SELECT MAX(rowid) FROM token_revocations)',
      )
      .bind(now()),
    sweepPushSessions(db),
  ]);

export interface CodeRow {
  code_hash: string;
  attempts: number;
  sent_at: number;
  expires_at: number;
}

export const findCode = (db: D1Database, account: string, type: number) =>
  db
    .prepare('SELECT code_hash, attempts, sent_at, expires_at FROM verification_codes WHERE account = ?1 AND type = ?2')
    .bind(account, type)
    .first<CodeRow>();

/**
 * Stores a new code unless one was sent within `cooldown` seconds: one conditional upsert, so of a
 * parallel burst exactly one is stored. Answers whether this one was.
 */
export async function claimCode(
  db: D1Database,
  account: string,
  type: number,
  codeHash: string,
  ttl: number,
  cooldown: number,
): Promise<boolean> {
  const at = now();
  const { meta } = await db
    .prepare(
      `INSERT INTO verification_codes (account, type, code_hash, attempts, sent_at, expires_at) VALUES (?1, ?2, ?3, 0, ?4, ?5)
       ON CONFLICT(account, type) DO UPDATE SET code_hash = ?3, attempts = 0, sent_at = ?4, expires_at = ?5
       WHERE verification_codes.sent_at <= ?6`,
    )
    .bind(account, type, codeHash, at, at + ttl, at - cooldown)
    .run();
  return meta.changes > 0;
}

/** Takes back the code `codeHash` (not sent, or over a cap): the person may ask again at once. */
export const dropCode = (db: D1Database, account: string, type: number, codeHash: string) =>
  db
    .prepare('DELETE FROM verification_codes WHERE account = ?1 AND type = ?2 AND code_hash = ?3')
    .bind(account, type, codeHash)
    .run();

export const countCodeAttempt = (db: D1Database, account: string, type: number) =>
  db
    .prepare('UPDATE verification_codes SET attempts = attempts + 1 WHERE account = ?1 AND type = ?2')
    .bind(account, type)
    .run();

export const consumeCode = (db: D1Database, account: string, type: number) =>
  db.prepare('DELETE FROM verification_codes WHERE account = ?1 AND type = ?2').bind(account, type).run();

export const putMail = (db: D1Database, account: string, body: string) =>
  db
    .prepare('INSERT INTO dev_mailbox (account, body, created_at) VALUES (?1, ?2, ?3)')
    .bind(account, body, now())
    .run();

export const readMailbox = (db: D1Database, account: string) =>
  db
    .prepare('SELECT account, body, created_at FROM dev_mailbox WHERE account = ?1 ORDER BY id DESC LIMIT 20')
    .bind(account)
    .all<MailboxEntry>()
    .then((r) => r.results);
