// Verification-code rules: 6 digits, valid 5 minutes, one per 60 s per address and purpose, at
// most 5 wrong guesses; only a hash is stored. At most CODE_DAILY_PER_ADDRESS codes a day to one
// address (all purposes together) and CODE_HOURLY_MAX (a wrangler var) an hour over everyone;
// login and reset codes go only to accounts that exist. The D1 flow is in db/verification-codes.ts.
export const CODE_TTL_SECONDS = 300;
export const CODE_COOLDOWN_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_DAILY_PER_ADDRESS = 10;
/** Codes sent an hour over every address, unless the var CODE_HOURLY_MAX says otherwise. */
export const CODE_HOURLY_DEFAULT = 300;

/** The purposes (`type`) of a code: signing in, registering, resetting the password, changing the account. */
export const CODE_TYPE = { LOGIN: 1, REGISTER: 2, RESET: 3, ACCOUNT: 4 } as const;

/** Codes that only an existing account can use: sent to none other, with the same answer (no enumeration). */
export const needsAccount = (type: number) => type === CODE_TYPE.LOGIN || type === CODE_TYPE.RESET;

export const codeHourlyMax = (env: { CODE_HOURLY_MAX?: string }) => {
  const wanted = Number(env.CODE_HOURLY_MAX);
  return Number.isSafeInteger(wanted) && wanted > 0 ? wanted : CODE_HOURLY_DEFAULT;
};

/**
 * The address a code is kept and counted under: an email trimmed and lower-cased, a phone number's
 * digits alone, so "A@x.com " and "a@x.com", or "+8490…" and "8490…", share one cooldown and cap.
 */
export function codeAddress(account: string): string {
  const trimmed = account.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/\D/g, '');
}

export const PHONE_PATTERN = /^\+?\d{8,15}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Delivery of a code; SMS or mail providers implement it. */
export interface CodeSender {
  send(account: string, code: string, type: number): Promise<void>;
  /** Whether it can reach this kind of address at all (mail: emails only); asked before anything is stored. */
  reaches?(account: string): boolean;
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
