// D1 queries for login throttling, token revocation, verification codes and invitations.
const now = () => Math.floor(Date.now() / 1000);

export async function failuresFor(db: D1Database, keys: string[]): Promise<number> {
  const placeholders = keys.map((_, i) => `?${i + 2}`).join(', ');
  const row = await db
    .prepare(`SELECT MAX(failures) AS n FROM login_failures WHERE expires_at > ?1 AND key IN (${placeholders})`)
    .bind(now(), ...keys)
    .first<number>('n');
  return row ?? 0;
}

/** Counts one more failure for each key; each failure (re)starts the lock window. */
export async function recordFailure(db: D1Database, keys: string[], windowSeconds: number): Promise<void> {
  const t = now();
  const stmt = db.prepare(
    `INSERT INTO login_failures (key, failures, expires_at) VALUES (?1, 1, ?2)
     ON CONFLICT(key) DO UPDATE SET failures = CASE WHEN expires_at > ?3 THEN failures + 1 ELSE 1 END, expires_at = ?2`,
  );
  // Expired rows are swept here, so failures against unknown accounts cannot pile up.
  await db.batch([...keys.map((key) => stmt.bind(key, t + windowSeconds, t)), db.prepare('DELETE FROM login_failures WHERE expires_at < ?1').bind(t)]);
}

export const clearFailures = (db: D1Database, key: string) => db.prepare('DELETE FROM login_failures WHERE key = ?1').bind(key).run();

export const revokeToken = (db: D1Database, jti: string, expiresAt: number) =>
  db.prepare('INSERT OR IGNORE INTO token_revocations (jti, expires_at) VALUES (?1, ?2)').bind(jti, expiresAt).run();

export interface CodeRow {
  code_hash: string;
  attempts: number;
  sent_at: number;
  expires_at: number;
}

export const findCode = (db: D1Database, account: string, type: number) =>
  db.prepare('SELECT code_hash, attempts, sent_at, expires_at FROM verification_codes WHERE account = ?1 AND type = ?2').bind(account, type).first<CodeRow>();

export const storeCode = (db: D1Database, account: string, type: number, codeHash: string, ttl: number) =>
  db
    .prepare(
      `INSERT INTO verification_codes (account, type, code_hash, attempts, sent_at, expires_at) VALUES (?1, ?2, ?3, 0, ?4, ?5)
       ON CONFLICT(account, type) DO UPDATE SET code_hash = ?3, attempts = 0, sent_at = ?4, expires_at = ?5`,
    )
    .bind(account, type, codeHash, now(), now() + ttl)
    .run();

export const countCodeAttempt = (db: D1Database, account: string, type: number) =>
  db.prepare('UPDATE verification_codes SET attempts = attempts + 1 WHERE account = ?1 AND type = ?2').bind(account, type).run();

export const consumeCode = (db: D1Database, account: string, type: number) =>
  db.prepare('DELETE FROM verification_codes WHERE account = ?1 AND type = ?2').bind(account, type).run();

export const putMail = (db: D1Database, account: string, body: string) =>
  db.prepare('INSERT INTO dev_mailbox (account, body, created_at) VALUES (?1, ?2, ?3)').bind(account, body, now()).run();

export const readMailbox = (db: D1Database, account: string) =>
  db.prepare('SELECT account, body, created_at FROM dev_mailbox WHERE account = ?1 ORDER BY id DESC LIMIT 20').bind(account).all().then((r) => r.results);

export const inviteCodeValid = async (db: D1Database, code: string) =>
  (await db.prepare('SELECT 1 AS ok FROM invite_codes WHERE code = ?1 AND expires_at > ?2').bind(code, now()).first('ok')) !== null;
