// Identity tokens: HS256 JWTs signed with the JWT_SECRET secret, carrying the user id,
// roles, permissions and expiry. A token with less than half its life left is renewed; renewed
// tokens keep their login's session id (`sid`, what logout revokes) and start (`sat`), and no
// renewal reaches past SESSION_MAX_SECONDS after that start, so a stolen token cannot slide forever.
import { jwtVerify, SignJWT } from 'jose';

export interface Identity {
  uid: number;
  roles: string[];
  permissions: string[];
  jti: string;
  /** The login this token belongs to (the first token's jti): logout revokes it, renewals keep it. */
  sid: string;
  /** When that login happened (seconds); renewal never extends past sat + SESSION_MAX_SECONDS. */
  sat: number;
  /** Token version: bumped on password change so older tokens stop working. */
  ver: number;
  exp: number;
  iat: number;
}

const ALG = 'HS256';

/** The absolute lifetime of a login: renewals stop this long after the password was last typed (90 days). */
export const SESSION_MAX_SECONDS = 90 * 86400;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function rolesFor(systemRole: number): string[] {
  return systemRole > 0 ? ['admin'] : ['user'];
}

/** The admin role passes every permission check. */
export function hasPermission(identity: Pick<Identity, 'roles' | 'permissions'>, permission: string): boolean {
  return identity.roles.includes('admin') || identity.permissions.includes(permission);
}

export async function issueToken(
  secret: string,
  claims: { uid: number; roles: string[]; permissions: string[]; ver: number; session?: Pick<Identity, 'sid' | 'sat'> },
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const jti = crypto.randomUUID();
  const { sid, sat } = claims.session ?? { sid: jti, sat: now };
  const exp = Math.min(now + ttlSeconds, sat + SESSION_MAX_SECONDS);
  const token = await new SignJWT({
    uid: claims.uid,
    roles: claims.roles,
    permissions: claims.permissions,
    ver: claims.ver,
    sid,
    sat,
  })
    .setProtectedHeader({ alg: ALG })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(keyOf(secret));
  return { token, expiresAt: exp * 1000 };
}

/** Returns the identity, or null for a missing, forged, malformed or expired token. */
export async function readToken(secret: string, token: string): Promise<Identity | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALG] });
    const { uid, roles, permissions, ver, jti, exp, iat, sid, sat } = payload as Record<string, unknown>;
    if (typeof uid !== 'number' || !Array.isArray(roles) || !Array.isArray(permissions)) return null;
    if (typeof jti !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
    // Login tokens carry no audience; one that does was made for something else (a QR card).
    if (payload.aud !== undefined) return null;
    // Tokens issued before sessions existed are their own session, started when they were issued.
    const session = { sid: typeof sid === 'string' ? sid : jti, sat: typeof sat === 'number' ? sat : iat };
    return {
      uid,
      roles: roles.map(String),
      permissions: permissions.map(String),
      ver: Number(ver ?? 0),
      jti,
      exp,
      iat,
      ...session,
    };
  } catch {
    return null;
  }
}

/** Past half its life, unless the session's absolute lifetime leaves nothing to extend. */
export function needsRenewal(
  identity: Pick<Identity, 'exp' | 'iat'> & Partial<Pick<Identity, 'sat'>>,
  now = Math.floor(Date.now() / 1000),
): boolean {
  if (identity.sat !== undefined && identity.exp >= identity.sat + SESSION_MAX_SECONDS) return false;
  return identity.exp - now < (identity.exp - identity.iat) / 2;
}

/** Until when a revoked session must stay on the revocation list: no token of it outlives this. */
export const sessionEnd = (identity: Pick<Identity, 'exp' | 'sat'>) =>
  Math.max(identity.exp, identity.sat + SESSION_MAX_SECONDS);

/** Accepts "bearer <jwt>" in any case, as clients of the original send it verbatim. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^bearer\s+(\S+)$/i.exec((header ?? '').trim());
  return match ? match[1]! : null;
}
