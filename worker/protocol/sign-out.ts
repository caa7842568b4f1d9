// Why a request was told to log in again (code -1, HTTP 401): the refusal's `data`, so the app can
// say so on the login page instead of a generic "log in again". Plain values, no schema: the login
// page reads it, and it must not bring the validator into that page's first download.

/** The refusal's message key: `user.forbid` disabled, `user.removed` deleted, `user.passwordReset` by an operator, … */
export const SIGN_OUT_REASONS = [
  'user.mustToken',
  'user.loginError',
  'user.expired',
  'user.forbid',
  'user.removed',
  'user.passwordReset',
  'system.siteClosed',
] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

export interface SignOut {
  reason: SignOutReason;
  /** The operator's text when the site was closed with one; '' otherwise. */
  tips: string;
}
