// Pure account rules: which accounts a `regauth` setting accepts, who may rename themselves, demo accounts.
import { isSharedDemoAccount } from '../protocol/account';
import type { MessageKey } from '../protocol/codes';
import { friendsOnlyMode, sysSwitch } from '../protocol/config-values';
import { ACCOUNT_PATTERN } from '../protocol/limits';
import { EMAIL_PATTERN, PHONE_PATTERN } from './verification';

/** regauth: 0 any account, 1 phone number, 2 email, 3 phone or email. Returns the refusal, if any. */
export function accountRefusal(account: string, regauth: number): MessageKey | null {
  const phone = PHONE_PATTERN.test(account);
  const email = EMAIL_PATTERN.test(account);
  if (regauth === 1 && !phone) return 'user.accountPhone';
  if (regauth === 2 && !email) return 'user.accountEmail';
  if (regauth === 3 && !phone && !email) return 'user.accountVerify';
  return null;
}

/**
 * A new account for editAccount: the account rule, then something a code can reach (a phone number
 * or an email address), then what registration accepts (`regauth`).
 */
export function editAccountRefusal(account: string, regauth: number): MessageKey | null {
  if (!ACCOUNT_PATTERN.test(account)) return 'user.accountRule';
  if (!PHONE_PATTERN.test(account) && !EMAIL_PATTERN.test(account)) return 'user.accountVerify';
  return accountRefusal(account, regauth);
}

/** Whether users may change their own name: always in run mode 2 (social), in mode 1 only when `diyName` is '1'. */
export const nameEditable = (sysInfo: { runMode?: string; diyName?: string }) =>
  friendsOnlyMode(sysInfo) || sysSwitch(sysInfo, 'diyName');

/** A shared demo account while the demo runs (DEMO_MODE 'true'): the protocol's rule, which the web follows too. */
export const sharedDemoAccount = (row: { is_demo: number } | null, demoMode: string | undefined): boolean =>
  isSharedDemoAccount(row, demoMode === 'true');
