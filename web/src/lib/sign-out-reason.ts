// Why this app was signed out by the server (a -1 / 401 refusal's data, protocol SignOut): the
// re-login dialog says it, and the login page keeps saying it until the next sign-in, so a user an
// operator disabled, deleted or reset, or whom a closed site put out, is told that rather than a
// bare "log in again". Kept in memory: a reload of the login page starts without it.
import { SIGN_OUT_REASONS, type SignOut } from '@protocol/sign-out';

import { createStore } from './create-store';
import type { TFunction } from './i18n';

export const signOutReason = createStore<SignOut | null>(null);

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The reason an answer's envelope gives (`data.reason`, `data.tips`), or null for none known. */
export function reasonOf(json: unknown): SignOut | null {
  const data = isRecord(json) && isRecord(json.data) ? json.data : {};
  const reason = SIGN_OUT_REASONS.find((r) => r === data.reason);
  return reason ? { reason, tips: typeof data.tips === 'string' ? data.tips : '' } : null;
}

/** The reason in the user's words; the generic "log in again" when the server gave none. */
export function signOutText(t: TFunction, why: SignOut | null): string {
  switch (why?.reason) {
    case 'user.forbid':
      return t('login.signedOut.forbid');
    case 'user.removed':
      return t('login.signedOut.removed');
    case 'user.passwordReset':
      return t('login.signedOut.passwordReset');
    case 'user.expired':
      return t('login.signedOut.expired');
    case 'system.siteClosed':
      return why.tips ? t('login.signedOut.siteClosedTips', { tips: why.tips }) : t('login.signedOut.siteClosed');
    case 'user.mustToken':
    case 'user.loginError':
      return t('login.signedOut.ended');
    default:
      return t('error.authInvalid');
  }
}
