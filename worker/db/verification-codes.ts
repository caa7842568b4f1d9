// Issuing and checking verification codes against D1, by the rules of services/verification, each
// kept under its normalised address (codeAddress).
import type { MessageKey } from '../protocol/codes';
import { tooManyRequests } from '../services/replies';
import { refuse } from '../services/replies';
import {
  CODE_COOLDOWN_SECONDS,
  CODE_TTL_SECONDS,
  codeAddress,
  type CodeSender,
  codeUsable,
  cooldownLeft,
  sha256Hex,
  sixDigits,
} from '../services/verification';
import { claimCodeSend, type CodeCaps } from './code-sends';
import { claimCode, consumeCode, countCodeAttempt, dropCode, findCode, putMail } from './security';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Development-only provider: codes land in the dev_mailbox table, shown at /dev/mailbox. */
export const devMailbox = (db: D1Database): CodeSender => ({
  send: async (account, code, type) => {
    await putMail(db, account, `Parley verification code (type ${type}): ${code}`);
  },
});

export interface CodeRequest {
  /** The address as typed (trimmed): where the code goes. */
  account: string;
  type: number;
  /** False for a login or reset code to an address no account has: counted alike, never sent. */
  deliver: boolean;
  caps: CodeCaps;
  /** Set for login and reset codes: the sending goes here (a request's waitUntil), and the answer does not wait for it. */
  later?: (sending: Promise<void>) => void;
}

/**
 * A new code for `account` and `type`: at most one per cooldown per address (the claim is atomic,
 * so of a parallel burst one wins), within the daily cap of the address and the hourly one of all.
 */
export async function issueCode(db: D1Database, sender: CodeSender, request: CodeRequest): Promise<void> {
  const { account, type } = request;
  const address = codeAddress(account);
  const code = sixDigits();
  const hash = await sha256Hex(code);
  if (!(await claimCode(db, address, type, hash, CODE_TTL_SECONDS, CODE_COOLDOWN_SECONDS))) {
    const existing = await findCode(db, address, type);
    throw refuse('user.waitMinute', { seconds: Math.max(1, cooldownLeft(existing?.sent_at ?? null, nowSeconds())) });
  }
  const wait = await claimCodeSend(db, address, request.caps, request.deliver);
  if (wait > 0) {
    await dropCode(db, address, type, hash);
    throw tooManyRequests(wait);
  }
  if (!request.deliver) return;
  const sending = sender.send(account, code, type).catch(async (error: unknown) => {
    // Not sent: the code goes too, so the person may ask again at once.
    await dropCode(db, address, type, hash);
    throw error;
  });
  if (!request.later) return sending;
  // Whether an account exists must not show in how long the answer takes or whether delivery failed.
  request.later(sending.catch((error: unknown) => console.warn('a code could not be sent', error)));
}

/**
 * Checks several codes (editAccount: the current account's and the new one's) and consumes them
 * only when all are right, so one wrong code never costs the user the other. Each wrong code
 * counts towards its own limit and is refused with its own key.
 */
export async function checkCodes(
  db: D1Database,
  codes: { account: string; type: number; code: string; wrong: MessageKey }[],
): Promise<void> {
  for (const { account: typed, type, code, wrong } of codes) {
    const account = codeAddress(typed);
    const row = await findCode(db, account, type);
    if (!row || !codeUsable(row, nowSeconds())) throw refuse(wrong);
    if ((await sha256Hex(code)) !== row.code_hash) {
      await countCodeAttempt(db, account, type);
      throw refuse(wrong);
    }
  }
  // Consumed together, and only as they were checked: a concurrent call that used them first wins.
  const hashes = await Promise.all(codes.map((c) => sha256Hex(c.code)));
  const used = await db.batch(
    codes.map((c, i) =>
      db
        .prepare('DELETE FROM verification_codes WHERE account = ?1 AND type = ?2 AND code_hash = ?3')
        .bind(codeAddress(c.account), c.type, hashes[i]),
    ),
  );
  if (used.some((r) => r.meta.changes === 0)) throw refuse(codes[0]!.wrong);
}

/** Checks a code and consumes it on success; wrong guesses count towards the limit. */
export async function checkCode(db: D1Database, typed: string, type: number, code: string): Promise<void> {
  const account = codeAddress(typed);
  const row = await findCode(db, account, type);
  if (!row || !codeUsable(row, nowSeconds())) throw refuse('user.codeErr');
  if ((await sha256Hex(code)) !== row.code_hash) {
    await countCodeAttempt(db, account, type);
    throw refuse('user.codeErr');
  }
  await consumeCode(db, account, type);
}
