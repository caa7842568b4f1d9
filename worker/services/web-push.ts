// Web Push from the Worker with WebCrypto alone: a payload encrypted for one subscription
// (RFC 8291, `aes128gcm` of RFC 8188 in one record) and the VAPID Authorization header (RFC 8292).
// Pure: no bindings; web-push.test.ts holds it to RFC 8291's Appendix A vector.
import { fromBase64Url, toBase64Url } from './base64url';

export interface PushKeys {
  /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
  p256dh: string;
  /** The browser's 16-byte authentication secret, base64url. */
  auth: string;
}

/** The server's VAPID key pair: `publicKey` uncompressed (65 bytes), `privateKey` the raw scalar d (32 bytes), both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or https address the push service can reach the operator at (Apple refuses others). */
  subject: string;
}

/** Injected by the RFC vector test only: a fixed salt and ephemeral key instead of random ones. */
export interface FixedRandom {
  salt: Uint8Array;
  ephemeral: CryptoKeyPair;
}

const RECORD_SIZE = 4096;
const enc = new TextEncoder();
const ascii = (text: string) => new Uint8Array(enc.encode(text));
const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function bytes(text: string, length: number, what: string): Uint8Array<ArrayBuffer> {
  const value = fromBase64Url(text);
  if (!value || value.length !== length) throw new Error(`bad ${what}`);
  return new Uint8Array(value);
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** A P-256 private key from its raw d and the uncompressed public point (WebCrypto imports no raw private keys). */
export function privateJwk(publicKey: Uint8Array, d: Uint8Array): JsonWebKey {
  return {
    kty: 'EC',
    crv: 'P-256',
    x: toBase64Url(publicKey.slice(1, 33)),
    y: toBase64Url(publicKey.slice(33, 65)),
    d: toBase64Url(d),
  };
}

/**
 * The request body for one subscription: salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid(the ephemeral public
 * key, 65) ‖ one record of the plaintext, its 0x02 delimiter, encrypted with its 16-byte tag.
 */
export async function encryptPayload(keys: PushKeys, plaintext: Uint8Array, fixed?: FixedRandom): Promise<Uint8Array> {
  const uaPublic = bytes(keys.p256dh, 65, 'p256dh');
  const authSecret = bytes(keys.auth, 16, 'auth');
  const salt = new Uint8Array(fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16)));
  const ephemeral =
    fixed?.ephemeral ?? ((await crypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair);
  const asPublic = new Uint8Array((await crypto.subtle.exportKey('raw', ephemeral.publicKey)) as ArrayBuffer);
  const peer = await crypto.subtle.importKey('raw', uaPublic, ECDH, false, []);
  const shared = new Uint8Array(
    // The Workers types name the field `$public` (a reserved word in C++); the runtime reads `public`.
    await crypto.subtle.deriveBits(
      { name: 'ECDH', public: peer } as SubtleCryptoDeriveKeyAlgorithm,
      ephemeral.privateKey,
      256,
    ),
  );
  // RFC 8291 §3.4: the input keying material binds both public keys and the auth secret.
  const ikm = await hkdf(authSecret, shared, concat(enc.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  const cek = await hkdf(salt, ikm, ascii('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, ascii('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concat(plaintext, Uint8Array.of(2))),
  );
  if (record.length + 86 > RECORD_SIZE) throw new Error('push payload too large');
  const header = concat(salt, Uint8Array.of(0, 0, RECORD_SIZE >> 8, 0), Uint8Array.of(65), asPublic);
  return concat(header, record);
}

/**
 * `Authorization: vapid t=<ES256 JWT>, k=<public key>` for a push to `endpoint`: the audience is
 * the endpoint's origin, the expiry 12 hours ahead (RFC 8292 allows at most 24).
 */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, now = Date.now()): Promise<string> {
  const publicKey = bytes(vapid.publicKey, 65, 'VAPID public key');
  const d = bytes(vapid.privateKey, 32, 'VAPID private key');
  const key = await crypto.subtle.importKey(
    'jwk',
    privateJwk(publicKey, d),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const part = (value: object) => toBase64Url(enc.encode(JSON.stringify(value)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject };
  const signed = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`;
  // WebCrypto's ECDSA signature is r ‖ s, 64 bytes: exactly JWS's ES256 form.
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, enc.encode(signed));
  return `vapid t=${signed}.${toBase64Url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}
