// Verification-code rules: 6 digits, valid 5 minutes, one per 60 s per account and purpose, at
// most 5 wrong guesses; only a hash is stored. The D1 flow is in db/verification-codes.ts.
export const CODE_TTL_SECONDS = 300;
export const CODE_COOLDOWN_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;

export const PHONE_PATTERN = /^\+?\d{8,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Delivery of a code; SMS or mail providers implement it. */
export interface CodeSender {
  send(account: string, code: string, type: number): Promise<void>;
}

export function sixDigits(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(100000 + (n! % 900000));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Seconds until another code may be sent (0 when it may be sent now). */
export function cooldownLeft(sentAt: number | null, now: number): number {
  return sentAt === null ? 0 : Math.max(0, CODE_COOLDOWN_SECONDS - (now - sentAt));
}

/** Whether a stored code may still be tried. */
export const codeUsable = (row: { expires_at: number; attempts: number }, now: number) =>
  row.expires_at > now && row.attempts < CODE_MAX_ATTEMPTS;
