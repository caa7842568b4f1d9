// QR card tokens (spec §5: valid 7 days): short HS256 JWTs naming what a QR opens — a user's card
// ('u'), a group's join page ('g', with groups). They are signed with a key derived from JWT_SECRET
// for this purpose alone and carry their own audience, so a QR token is never a login token and a
// login token is never a QR token, whichever of the two checks it is handed to.
import { SignJWT, jwtVerify } from 'jose';
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
export async function signQrToken(secret: string, kind: QrKind, subject: string | number, now = Math.floor(Date.now() / 1000)): Promise<{ token: string; expiresAt: number }> {
  const exp = now + QR_VALID_SECONDS;
  const token = await new SignJWT({ k: kind })
    .setProtectedHeader({ alg: ALG })
    .setSubject(String(subject))
    .setAudience(QR_AUDIENCE)
    .setExpirationTime(exp)
    .sign(await qrKey(secret));
  return { token, expiresAt: exp * 1000 };
}

/** The subject of a valid token of `kind`; null for an expired, forged, malformed or other-kind token. */
export async function readQrToken(secret: string, kind: QrKind, token: string): Promise<string | null> {
  if (!token || token.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(token, await qrKey(secret), { algorithms: [ALG], audience: QR_AUDIENCE, requiredClaims: ['exp', 'sub'] });
    return payload.k === kind && typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : null;
  } catch {
    return null;
  }
}
