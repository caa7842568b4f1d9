// Identity tokens: HS256 JWTs signed with the JWT_SECRET secret, carrying the user id,
// roles, permissions and expiry. A token with less than half its life left is renewed.
import { SignJWT, jwtVerify } from 'jose';

export interface Identity {
  uid: number;
  roles: string[];
  permissions: string[];
  jti: string;
  /** Token version: bumped on password change so older tokens stop working. */
  ver: number;
  exp: number;
  iat: number;
}

const ALG = 'HS256';

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function rolesFor(systemRole: number): string[] {
  return systemRole > 0 ? ['admin'] : ['user'];
}

/** The admin role passes every permission check (spec §6). */
export function hasPermission(identity: Pick<Identity, 'roles' | 'permissions'>, permission: string): boolean {
  return identity.roles.includes('admin') || identity.permissions.includes(permission);
}

export async function issueToken(
  secret: string,
  claims: { uid: number; roles: string[]; permissions: string[]; ver: number },
  ttlSeconds: number,
  now = Math.floor(Date.now() / 1000),
): Promise<{ token: string; expiresAt: number }> {
  const exp = now + ttlSeconds;
  const token = await new SignJWT({ uid: claims.uid, roles: claims.roles, permissions: claims.permissions, ver: claims.ver })
    .setProtectedHeader({ alg: ALG })
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(keyOf(secret));
  return { token, expiresAt: exp * 1000 };
}

/** Returns the identity, or null for a missing, forged, malformed or expired token. */
export async function readToken(secret: string, token: string): Promise<Identity | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALG] });
    const { uid, roles, permissions, ver, jti, exp, iat } = payload as Record<string, unknown>;
    if (typeof uid !== 'number' || !Array.isArray(roles) || !Array.isArray(permissions)) return null;
    if (typeof jti !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') return null;
    return { uid, roles: roles.map(String), permissions: permissions.map(String), ver: Number(ver ?? 0), jti, exp, iat };
  } catch {
    return null;
  }
}

export function needsRenewal(identity: Pick<Identity, 'exp' | 'iat'>, now = Math.floor(Date.now() / 1000)): boolean {
  return identity.exp - now < (identity.exp - identity.iat) / 2;
}

/** Accepts "bearer <jwt>" in any case, as clients of the original send it verbatim. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^bearer\s+(\S+)$/i.exec((header ?? '').trim());
  return match ? match[1]! : null;
}
