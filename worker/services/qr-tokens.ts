// QR card tokens (valid 7 days): short HS256 JWTs naming what a QR opens — a user's card
// ('u'), a group's join page ('g', with groups). They are signed with a key derived from JWT_SECRET
// for this purpose alone and carry their own audience, so a QR token is never a login token and a
// login token is never a QR token, whichever of the two checks it is handed to.
import { jwtVerify, SignJWT } from 'jose';

import { QR_VALID_SECONDS } from '../protocol/people';

export type QrKind = 'u' | 'g';

const ALG = 'HS256';
/** The audience every QR token carries; login tokens carry none. */
export const QR_AUDIENCE = 'qr';
const KEY_LABEL = 'parley qr-card key v1';

const keys = new Map<string, Promise<Uint8Array>>();

/** HMAC-SHA256(JWT_SECRET, label): a key of its own, so a signature for one purpose proves nothing for the other. */
function qrKey(secret: string): Promise<Uint8Array> {
  let key = keys.get(secret);
  if (!key) {
    const encoder = new TextEncoder();
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      .then((k) => crypto.subtle.sign('HMAC', k, encoder.encode(KEY_LABEL)))
      .then((mac) => new Uint8Array(mac));
    keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/**
 * A token for `subject` (a user id for 'u') of `kind`, valid QR_VALID_SECONDS from `now` (seconds).
 * Only the claims a QR needs, so the code stays small: 128-143 characters for a user's card (ids
 * of 1-12 digits), a link that fits a version 9 QR at medium error correction.
 */
export async function signQrToken(
  secret: string,
  kind: QrKind,
  subject: string | number,
  now = Math.floor(Date.now() / 1000),
  claims: QrClaims = {},
): Promise<{ token: string; expiresAt: number }> {
  const exp = now + QR_VALID_SECONDS;
  const token = await new SignJWT({ ...claims, k: kind })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(subject))
    .setAudience(QR_AUDIENCE)
    .setExpirationTime(exp)
    .sign(await qrKey(secret));
  return { token, expiresAt: exp * 1000 };
}

/**
 * What a group's join token adds: `t` when it was minted (ms), so a member removed after
 * that cannot come back with it; `v` the group's QR version, which a manager's reset moves on; `by`
 * who minted it, so a manager's code still admits people while inviting is left to managers.
 */
export interface QrClaims {
  t?: number;
  v?: number;
  by?: number;
}

const count = (x: unknown) => (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0 ? x : 0);

/** The subject and claims of a valid token of `kind`; null for an expired, forged, malformed or other-kind token. */
export async function readQrClaims(
  secret: string,
  kind: QrKind,
  token: string,
): Promise<({ subject: string } & Required<QrClaims>) | null> {
  if (!token || token.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(token, await qrKey(secret), {
      algorithms: [ALG],
      audience: QR_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (payload.k !== kind || typeof payload.sub !== 'string' || payload.sub === '') return null;
    // Tokens minted before these claims existed read as minted at 0, version 0, by nobody.
    return { subject: payload.sub, t: count(payload.t), v: count(payload.v), by: count(payload.by) };
  } catch {
    return null;
  }
}

/** The subject of a valid token of `kind`; null for an expired, forged, malformed or other-kind token. */
export async function readQrToken(secret: string, kind: QrKind, token: string): Promise<string | null> {
  return (await readQrClaims(secret, kind, token))?.subject ?? null;
}
