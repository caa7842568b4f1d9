// Form rules of login and registration, checked before anything is sent. Each
// returns the translation key of the first problem, or null when the form may be sent.
import { PASSWORD_MAX, PASSWORD_MIN } from '@protocol/limits';
import type { TKey } from '@web/lib/i18n';

const CODE_PATTERN = /^\d{6}$/;

export type LoginInput = { account: string; password: string } | { account: string; code: string };

export function validateLogin(input: LoginInput): TKey | null {
  if (!input.account.trim()) return 'login.accountRequired';
  if ('password' in input) return input.password ? null : 'login.passwordRequired';
  return CODE_PATTERN.test(input.code.trim()) ? null : 'login.codeInvalid';
}

export interface RegistrationInput {
  account: string;
  realname: string;
  password: string;
  confirm: string;
  /** Present only when the server asks for a code at registration. */
  code?: string;
  /** Present only when registration is by invitation. */
  inviteCode?: string;
}

export function validateRegistration(input: RegistrationInput): TKey | null {
  if (!input.account.trim()) return 'login.accountRequired';
  if (!input.realname.trim()) return 'register.nicknameRequired';
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) return 'register.passwordRule';
  if (input.password !== input.confirm) return 'register.passwordMismatch';
  if (input.code !== undefined && !CODE_PATTERN.test(input.code.trim())) return 'login.codeInvalid';
  if (input.inviteCode !== undefined && !input.inviteCode.trim()) return 'register.inviteCodeRequired';
  return null;
}
