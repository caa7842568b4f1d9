// Verification codes: 6 digits, valid 5 minutes, one per 60 s per account, at most 5 wrong
// guesses. Delivery goes through a CodeSender so SMS/mail providers can be plugged in.
import { consumeCode, countCodeAttempt, findCode, putMail, storeCode } from '../db/security';
import { refuse } from '../middleware/errors';

export const CODE_TTL_SECONDS = 300;
export const CODE_COOLDOWN_SECONDS = 60;
const MAX_ATTEMPTS = 5;

export interface CodeSender {
  send(account: string, code: string, type: number): Promise<void>;
}

/** Development-only provider: codes land in the dev_mailbox table, shown at /dev/mailbox. */
export const devMailbox = (db: D1Database): CodeSender => ({
  send: async (account, code, type) => {
    await putMail(db, account, `Parley verification code (type ${type}): ${code}`);
  },
});

export function senderFor(env: Env): CodeSender | null {
  return env.DEV_MAILBOX === 'true' ? devMailbox(env.DB) : null;
}

export const PHONE_PATTERN = /^\+?\d{8,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function sixDigits(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(100000 + (n! % 900000));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function issueCode(db: D1Database, sender: CodeSender, account: string, type: number): Promise<void> {
  const existing = await findCode(db, account, type);
  const elapsed = existing ? Math.floor(Date.now() / 1000) - existing.sent_at : Infinity;
  if (elapsed < CODE_COOLDOWN_SECONDS) throw refuse('user.waitMinute', { seconds: CODE_COOLDOWN_SECONDS - elapsed });
  const code = sixDigits();
  await storeCode(db, account, type, await sha256Hex(code), CODE_TTL_SECONDS);
  await sender.send(account, code, type);
}

/** Checks a code and consumes it on success; wrong guesses count towards the limit. */
export async function checkCode(db: D1Database, account: string, type: number, code: string): Promise<void> {
  const row = await findCode(db, account, type);
  const fresh = row && row.expires_at > Math.floor(Date.now() / 1000) && row.attempts < MAX_ATTEMPTS;
  if (!fresh) throw refuse('user.codeErr');
  if ((await sha256Hex(code)) !== row.code_hash) {
    await countCodeAttempt(db, account, type);
    throw refuse('user.codeErr');
  }
  await consumeCode(db, account, type);
}
