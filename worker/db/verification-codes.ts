// Issuing and checking verification codes against D1, by the rules of services/verification.
import type { MessageKey } from '../protocol/codes';
import { refuse } from '../services/replies';
import {
  CODE_TTL_SECONDS,
  type CodeSender,
  codeUsable,
  cooldownLeft,
  sha256Hex,
  sixDigits,
} from '../services/verification';
import { consumeCode, countCodeAttempt, findCode, putMail, storeCode } from './security';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Development-only provider: codes land in the dev_mailbox table, shown at /dev/mailbox. */
export const devMailbox = (db: D1Database): CodeSender => ({
  send: async (account, code, type) => {
    await putMail(db, account, `Parley verification code (type ${type}): ${code}`);
  },
});

export async function issueCode(db: D1Database, sender: CodeSender, account: string, type: number): Promise<void> {
  const existing = await findCode(db, account, type);
  const wait = cooldownLeft(existing?.sent_at ?? null, nowSeconds());
  if (wait > 0) throw refuse('user.waitMinute', { seconds: wait });
  const code = sixDigits();
  await storeCode(db, account, type, await sha256Hex(code), CODE_TTL_SECONDS);
  try {
    await sender.send(account, code, type);
  } catch (error) {
    // Not sent: the code goes too, so the person may ask again at once.
    await db.prepare('DELETE FROM verification_codes WHERE account = ?1 AND type = ?2').bind(account, type).run();
    throw error;
  }
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
  for (const { account, type, code, wrong } of codes) {
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
        .bind(c.account, c.type, hashes[i]),
    ),
  );
  if (used.some((r) => r.meta.changes === 0)) throw refuse(codes[0]!.wrong);
}

/** Checks a code and consumes it on success; wrong guesses count towards the limit. */
export async function checkCode(db: D1Database, account: string, type: number, code: string): Promise<void> {
  const row = await findCode(db, account, type);
  if (!row || !codeUsable(row, nowSeconds())) throw refuse('user.codeErr');
  if ((await sha256Hex(code)) !== row.code_hash) {
    await countCodeAttempt(db, account, type);
    throw refuse('user.codeErr');
  }
  await consumeCode(db, account, type);
}
