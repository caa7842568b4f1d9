// Form rules of the profile and security screens, checked before anything is sent.
// Each returns the translation key of the first problem, or null when the form may be sent.
import { ACCOUNT_PATTERN } from '@protocol/limits';
import { EMAIL_MAX, MOTTO_MAX, PASSWORD_MAX, PASSWORD_MIN, REALNAME_MAX } from '@protocol/people';
import type { TKey } from '@web/lib/i18n';

export { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX };

const CODE_PATTERN = /^\d{6}$/;
// The shape the server's email check accepts, roughly: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters as the server counts them (code points, not UTF-16 units). */
const length = (text: string) => Array.from(text).length;

export interface ProfileInput {
  realname: string;
  email: string;
  motto: string;
}

export function validateProfile(input: ProfileInput, nameEditable: boolean): TKey | null {
  if (nameEditable && !input.realname.trim()) return 'profile.nameRequired';
  if (nameEditable && length(input.realname.trim()) > REALNAME_MAX) return 'profile.nameTooLong';
  if (length(input.email.trim()) > EMAIL_MAX) return 'profile.emailTooLong';
  if (input.email.trim() && !EMAIL_PATTERN.test(input.email.trim())) return 'profile.emailInvalid';
  if (length(input.motto.trim()) > MOTTO_MAX) return 'profile.mottoTooLong';
  return null;
}

export interface PasswordInput {
  by: 'password' | 'code';
  /** The current password (by password) or the code sent to my account (by code). */
  proof: string;
  password: string;
  confirm: string;
}

/** In order: the new password's length, the confirmation, then the old password or the code. */
export function validatePasswordChange(input: PasswordInput): TKey | null {
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) return 'secure.passwordRule';
  if (input.password !== input.confirm) return 'secure.passwordMismatch';
  if (input.by === 'password') return input.proof ? null : 'secure.oldPasswordRequired';
  if (!input.proof.trim()) return 'secure.codeRequired';
  return CODE_PATTERN.test(input.proof.trim()) ? null : 'secure.codeInvalid';
}

export interface AccountInput {
  /** Whether my current account is verified: then a code sent to it is required first, else my password. */
  verified: boolean;
  code: string;
  password: string;
  account: string;
  newCode: string;
}

/** In order: the current account's code (when verified; else my password), the new account, its code. */
export function validateAccountChange(input: AccountInput): TKey | null {
  if (!input.verified && !input.password) return 'secure.currentPasswordRequired';
  if (input.verified && !input.code.trim()) return 'secure.currentCodeRequired';
  if (input.verified && !CODE_PATTERN.test(input.code.trim())) return 'secure.codeInvalid';
  if (!input.account.trim()) return 'secure.newAccountRequired';
  if (!ACCOUNT_PATTERN.test(input.account.trim())) return 'secure.accountRule';
  if (!input.newCode.trim()) return 'secure.newCodeRequired';
  return CODE_PATTERN.test(input.newCode.trim()) ? null : 'secure.codeInvalid';
}
