// Pure registration rules: which accounts a `regauth` setting accepts.
import { EMAIL_PATTERN, PHONE_PATTERN } from './verification';
import type { MessageKey } from '../protocol/codes';

/** regauth: 0 any account, 1 phone number, 2 email, 3 phone or email. Returns the refusal, if any. */
export function accountRefusal(account: string, regauth: number): MessageKey | null {
  const phone = PHONE_PATTERN.test(account);
  const email = EMAIL_PATTERN.test(account);
  if (regauth === 1 && !phone) return 'user.accountPhone';
  if (regauth === 2 && !email) return 'user.accountEmail';
  if (regauth === 3 && !phone && !email) return 'user.accountVerify';
  return null;
}
