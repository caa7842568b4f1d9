// Issuing and checking verification codes against D1, by the rules of services/verification.
import { refuse } from '../middleware/errors';
import { codeUsable, cooldownLeft, CODE_TTL_SECONDS, sha256Hex, sixDigits, type CodeSender } from '../services/verification';
import { consumeCode, countCodeAttempt, findCode, putMail, storeCode } from './security';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Development-only provider: codes land in the dev_mailbox table, shown at /dev/mailbox. */
export const devMailbox = (db: D1Database): CodeSender => ({
  send: async (account, code, type) => {
    await putMail(db, account, `Parley verification code (type ${type}): ${code}`);
  },
});

export function senderFor(env: Env): CodeSender | null {
  return env.DEV_MAILBOX === 'true' ? devMailbox(env.DB) : null;
}

export async function issueCode(db: D1Database, sender: CodeSender, account: string, type: number): Promise<void> {
  const existing = await findCode(db, account, type);
  const wait = cooldownLeft(existing?.sent_at ?? null, nowSeconds());
  if (wait > 0) throw refuse('user.waitMinute', { seconds: wait });
  const code = sixDigits();
  await storeCode(db, account, type, await sha256Hex(code), CODE_TTL_SECONDS);
  await sender.send(account, code, type);
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
