// Ending sessions, everywhere they live: D1 (the revocation list, the user's token version, the
// Web Push subscriptions they made), this isolate's token cache (other isolates follow D1 within
// about a second), and the user's hub, which closes the sockets opened with an ended token and
// refuses its tickets.
import { removeSessionSubscriptions, removeUserSubscriptions } from '../db/push-subscriptions';
import { revokeSession } from '../db/security';
import { bumpTokenVersion, disableUser } from '../db/users';
import { userHub } from '../durable/stubs';
import { forgetSessions, forgetUser } from '../services/auth-cache';
import type { SessionEnd } from '../services/socket-rules';
import { type Identity, sessionEnd } from '../services/tokens';

/**
 * D1 has already ended the sessions when the hub is told, so a hub that cannot be reached fails
 * nothing: the logout stays a logout, the password change still answers its fresh token, and
 * the hub learns it from D1 at the socket's next sync.
 */
async function tellHub(env: Env, uid: number, end: SessionEnd): Promise<void> {
  try {
    await userHub(env, uid).endSessions(end);
  } catch (error) {
    console.warn('could not close the sockets of ended sessions', error);
  }
}

/** Logout: this login's tokens (the renewed ones too) and its sockets. */
export async function endLogin(env: Env, identity: Identity): Promise<void> {
  const until = sessionEnd(identity);
  await revokeSession(env.DB, identity.sid, until);
  await removeSessionSubscriptions(env.DB, identity.uid, identity.sid);
  forgetSessions([identity.sid]);
  await tellHub(env, identity.uid, { sid: identity.sid, until });
}

/** Every token below `version` (the user's new one) and every socket opened with one. */
export async function endSessionsBelow(env: Env, uid: number, version: number): Promise<void> {
  // A browser left signed out must not keep showing this account's messages.
  await removeUserSubscriptions(env.DB, uid);
  forgetUser(uid);
  await tellHub(env, uid, { belowVersion: version });
}

/** Logout everywhere: answers the new token version. */
export async function endEverySession(env: Env, uid: number): Promise<number> {
  const version = await bumpTokenVersion(env.DB, uid);
  await endSessionsBelow(env, uid, version);
  return version;
}

/**
 * Disabling an account (the console): its sessions end for good. False when it was held back
 * because it is the last active super admin (nothing changed then).
 */
export async function disableAccount(env: Env, uid: number): Promise<boolean> {
  const version = await disableUser(env.DB, uid);
  if (version === null) return false;
  await endSessionsBelow(env, uid, version);
  return true;
}
