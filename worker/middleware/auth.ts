// Authentication: identity comes only from a verified token. Missing, forged, expired,
// revoked or outdated tokens get HTTP 401 (the client shows the re-login dialog), saying why in
// the envelope's data (protocol/sign-out.ts): disabled, deleted, password reset by an operator, the
// site closed (with the operator's text), or a login that simply ended.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { passwordResetSince } from '../db/audit';
import { loadConfig } from '../db/config';
import { USER_DELETED } from '../db/manage-users';
import { extendPushSession } from '../db/push-subscriptions';
import { followTokenChanges, tokenFeedLooks } from '../db/token-feed';
import { cardOf, tokenState } from '../db/users';
import { CODE } from '../protocol/codes';
import { sysSwitch } from '../protocol/config-values';
import type { SignOut, SignOutReason } from '../protocol/sign-out';
import { recall, remember, type VerifiedToken } from '../services/auth-cache';
import { AppError } from '../services/replies';
import { bearerToken, issueToken, needsRenewal, readToken, rolesFor } from '../services/tokens';

export const unauthorized = (key: Exclude<SignOutReason, 'system.siteClosed'>) =>
  new AppError(CODE.RELOGIN, key, {}, 401, { reason: key, tips: '' } satisfies SignOut);

export function jwtSecret(env: Env): string {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32)
    throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  return env.JWT_SECRET;
}

export const tokenTtl = (env: Env) => (Number(env.JWT_TTL) > 0 ? Number(env.JWT_TTL) : 30 * 86400);

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  // Checked once: an adapter in front of the routes may have needed the caller already.
  if (c.get('identity')) return next();
  const path = c.req.path.toLowerCase();
  const fromCookie = FILE_COOKIE_PATHS.some((p) => path.startsWith(`${p}/`)) ? getCookie(c, FILE_COOKIE) : undefined;
  const raw = bearerToken(c.req.header('authorization')) ?? fromCookie ?? null;
  if (!raw) throw unauthorized('user.mustToken');
  const verified = await authenticate(c.env, raw, (look) => c.executionCtx.waitUntil(look));
  const { identity } = verified;
  c.set('identity', identity);
  c.set('me', verified.me);
  await next();
  if (needsRenewal(identity)) {
    const fresh = await issueToken(
      jwtSecret(c.env),
      {
        uid: identity.uid,
        roles: rolesFor(verified.role),
        permissions: identity.permissions,
        ver: verified.tokenVersion,
        session: identity,
      },
      tokenTtl(c.env),
    );
    // The login's Web Push subscriptions live as long as its newest token (db/push-subscriptions.ts).
    c.executionCtx.waitUntil(
      extendPushSession(c.env.DB, identity.sid, Math.floor(fresh.expiresAt / 1000)).catch(() => undefined),
    );
    c.header('x-refresh-token', `bearer ${fresh.token}`);
    c.header('x-token-expired', String(fresh.expiresAt));
    setFileCookie(c, fresh.token, fresh.expiresAt);
  }
});

/**
 * The whole check of a raw token (no `bearer ` prefix), the one every authenticated request and a
 * socket bound by its first frame (worker/compat/socket.ts) pass: signature and expiry, the session not
 * revoked, the token's version current, the user enabled, and the site open unless an operator.
 * `beside` keeps the token feed's look running (a request's waitUntil). Throws the 401 AppError.
 */
export async function authenticate(
  env: Env,
  raw: string,
  beside: (look: Promise<void>) => void,
): Promise<VerifiedToken> {
  await followTokenChanges(env.DB, beside);
  const verified = recall(raw) ?? (await verify(env, raw));
  // The site closed by an operator (sysInfo.state '0'): only operators may go on.
  if (verified.role === 0) {
    const { sysInfo } = await loadConfig(env.DB);
    const tips = sysInfo.closeTips;
    if (!sysSwitch(sysInfo, 'state'))
      throw new AppError(CODE.RELOGIN, tips ? 'system.siteClosedTips' : 'system.siteClosed', { tips }, 401, {
        reason: 'system.siteClosed',
        tips,
      } satisfies SignOut);
  }
  return verified;
}

async function verify(env: Env, raw: string): Promise<VerifiedToken> {
  const identity = await readToken(jwtSecret(env), raw);
  if (!identity) throw unauthorized('user.loginError');
  const looks = tokenFeedLooks();
  const state = await tokenState(env.DB, identity.uid, identity.sid);
  if (!state || state.revoked) throw unauthorized('user.loginError');
  if (state.status !== 1) throw unauthorized(state.status === USER_DELETED ? 'user.removed' : 'user.forbid');
  if (state.token_version !== identity.ver)
    // Only a refused token pays for the look: was the password reset by an operator since this login?
    throw unauthorized(
      (await passwordResetSince(env.DB, identity.uid, identity.sat)) ? 'user.passwordReset' : 'user.expired',
    );
  const verified = {
    identity,
    me: cardOf({ user_id: identity.uid, realname: state.realname, avatar: state.avatar }),
    role: state.role,
    tokenVersion: state.token_version,
  };
  if (tokenFeedLooks() === looks) remember(raw, verified);
  return verified;
}

/**
 * Media elements (<img>, <video>, <audio>) cannot send an Authorization header, so downloads
 * also accept the token from a cookie that the browser sends only to file paths.
 */
export const FILE_COOKIE = 'parley_file';

/** Where the browser sends it: the file URLs, `/file/:id` and its attachment form `/filedown/:id` (worker/compat/files.ts). */
export const FILE_COOKIE_PATHS = ['/file', '/filedown'] as const;

export function setFileCookie(c: Context, token: string, expiresAt: number): void {
  for (const path of FILE_COOKIE_PATHS)
    setCookie(c, FILE_COOKIE, token, {
      path,
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: Math.max(0, Math.floor((expiresAt - Date.now()) / 1000)),
    });
}
