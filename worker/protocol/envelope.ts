// The envelope around every REST answer (reference §2.1, ARCHITECTURE §3): `code` 0 success, -1
// log in again, 400–502 a refusal whose `msg` is already translated; `count` and `page` on lists.
// The Worker's errors middleware builds it; the web API client parses every answer with it.
import * as v from 'valibot';

export const EnvelopeSchema = v.object({
  code: v.number(),
  msg: v.optional(v.string(), ''),
  data: v.optional(v.unknown()),
  count: v.optional(v.number()),
  page: v.optional(v.number()),
});
export type Envelope = v.InferOutput<typeof EnvelopeSchema>;

/**
 * Why a request was told to log in again (code -1, HTTP 401): the refusal's `data`, so the app can
 * say so on the login page instead of a generic "log in again". `reason` is the refusal's message
 * key; `tips` is the operator's text when the site was closed with one.
 */
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

export const SignOutSchema = v.object({
  reason: v.picklist(SIGN_OUT_REASONS),
  tips: v.optional(v.string(), ''),
});
export type SignOut = v.InferOutput<typeof SignOutSchema>;
