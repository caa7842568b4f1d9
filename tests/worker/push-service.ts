// A Web Push service written for the tests, and the browser's side of a subscription. The Worker's
// fetches to PUSH_ORIGIN are answered by `handle`, a real Request → Response endpoint that does
// what a push service and a browser do: it verifies the VAPID JWT (ES256 signature with the `k`
// key, audience, expiry) and decrypts the aes128gcm body with the subscription's private key.
// PUSH_ORIGIN is a real push service's (FCM): the Worker sends only to known push services
// (protocol/push.ts), and the tests need no switch the production code would have to honour; the
// fetch mock stands in for that host, so nothing reaches Google. A redirect it answers is followed
// as fetch follows one (to `followed`) unless the request says `redirect: 'manual'`.
// Every other fetch goes out untouched.
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';

import { fromBase64Url, toBase64Url } from '../../worker/services/base64url';

export const PUSH_ORIGIN = 'https://fcm.googleapis.com';

export interface Browser {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: CryptoKey;
}

export interface Delivery {
  endpoint: string;
  headers: Headers;
  payload: any;
}

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
const b64 = (text: string) => new Uint8Array(fromBase64Url(text)!);
const ascii = (text: string) => new Uint8Array(new TextEncoder().encode(text));

/** A browser's subscription: a fresh P-256 key pair and 16-byte auth secret, as PushManager.subscribe makes. */
export async function newBrowser(): Promise<Browser> {
  const pair = (await crypto.subtle.generateKey(ECDH, true, ['deriveBits'])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  return {
    endpoint: `${PUSH_ORIGIN}/fcm/send/${crypto.randomUUID()}`,
    keys: { p256dh: toBase64Url(raw), auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))) },
    privateKey: pair.privateKey,
  };
}

export class PushService {
  readonly delivered: Delivery[] = [];
  /** Requests refused (bad JWT, undecryptable body): the tests expect none. */
  readonly refused: string[] = [];
  private readonly browsers = new Map<string, Browser>();
  /** The status the service answers an endpoint with (201 unless set). */
  readonly status = new Map<string, number>();
  /** Endpoints answered with a redirect (302) to the URL given. */
  readonly redirect = new Map<string, string>();
  /** Where a redirect was followed to (a fetch without `redirect: 'manual'` follows it). */
  readonly followed: string[] = [];
  /** Statuses answered first, one per request, before `status` applies (a flaky push service). */
  readonly script = new Map<string, number[]>();
  /** Every request per endpoint, answered or not, and the most ever in flight at once for one endpoint. */
  readonly requests = new Map<string, number>();
  maxInFlight = 0;
  /** How long the service takes to answer each request. */
  delayMs = 0;
  private readonly inFlight = new Map<string, number>();

  add(browser: Browser): Browser {
    this.browsers.set(browser.endpoint, browser);
    return browser;
  }

  /** Routes the Worker's fetches to PUSH_ORIGIN here until vi.restoreAllMocks(). */
  install(): void {
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).origin !== PUSH_ORIGIN) return real(input, init);
      const response = await this.handle(request);
      const location = response.headers.get('location');
      if (!location || request.redirect === 'manual') return response;
      // What fetch would do: go where it was sent (recorded, answered as a push service would).
      this.followed.push(location);
      return new Response(null, { status: 201 });
    });
  }

  async handle(request: Request): Promise<Response> {
    const url = request.url;
    this.requests.set(url, (this.requests.get(url) ?? 0) + 1);
    this.inFlight.set(url, (this.inFlight.get(url) ?? 0) + 1);
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight.get(url)!);
    try {
      if (this.delayMs > 0) await new Promise((done) => setTimeout(done, this.delayMs));
      return await this.answer(request);
    } finally {
      this.inFlight.set(url, this.inFlight.get(url)! - 1);
    }
  }

  private async answer(request: Request): Promise<Response> {
    const elsewhere = this.redirect.get(request.url);
    if (elsewhere) return new Response(null, { status: 302, headers: { location: elsewhere } });
    const browser = this.browsers.get(request.url);
    if (!browser) return new Response('no such subscription', { status: 404 });
    const refusal = await vapidRefusal(request);
    if (refusal) {
      this.refused.push(refusal);
      return new Response(refusal, { status: 403 });
    }
    if (request.headers.get('content-encoding') !== 'aes128gcm') return this.refuse('not aes128gcm');
    const status = this.script.get(request.url)?.shift() ?? this.status.get(request.url) ?? 201;
    if (status >= 300) return new Response(null, { status });
    const plain = await decrypt(browser, new Uint8Array(await request.arrayBuffer())).catch(() => null);
    if (!plain) return this.refuse('cannot decrypt');
    this.delivered.push({ endpoint: request.url, headers: request.headers, payload: JSON.parse(plain) });
    return new Response(null, { status: 201 });
  }

  private refuse(why: string): Response {
    this.refused.push(why);
    return new Response(why, { status: 400 });
  }
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`, the key the server's, the JWT signed by it, for this origin, unexpired, ≤ 24 h. */
async function vapidRefusal(request: Request): Promise<string | null> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(request.headers.get('authorization') ?? '');
  if (!match) return 'no vapid authorization';
  const [, header, claims, signature, k] = match as unknown as [string, string, string, string, string];
  if (k !== env.VAPID_PUBLIC_KEY) return 'unknown application server key';
  const key = await crypto.subtle.importKey('raw', b64(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const signed = ascii(`${header}.${claims}`);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b64(signature), signed)))
    return 'bad signature';
  if (JSON.parse(new TextDecoder().decode(b64(header))).alg !== 'ES256') return 'not ES256';
  const jwt = JSON.parse(new TextDecoder().decode(b64(claims)));
  const now = Date.now() / 1000;
  if (jwt.aud !== PUSH_ORIGIN) return 'wrong audience';
  if (!(jwt.exp > now && jwt.exp <= now + 24 * 3600)) return 'bad expiry';
  if (!/^(mailto:|https:)/.test(jwt.sub)) return 'bad subject';
  return null;
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  n: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, n * 8));
}

/** The browser's side of RFC 8291: read the RFC 8188 header, derive the key, open the one record. */
export async function decrypt(browser: Browser, body: Uint8Array): Promise<string> {
  const salt = body.slice(0, 16);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const record = body.slice(21 + idlen);
  const peer = await crypto.subtle.importKey('raw', asPublic, ECDH, false, []);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'ECDH', public: peer } as SubtleCryptoDeriveKeyAlgorithm,
      browser.privateKey,
      256,
    ),
  );
  const uaPublic = b64(browser.keys.p256dh);
  const info = new Uint8Array([...ascii('WebPush: info\0'), ...uaPublic, ...asPublic]);
  const ikm = await hkdf(b64(browser.keys.auth), shared, info, 32);
  const cek = await hkdf(salt, ikm, ascii('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, ascii('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  // The last record ends with the 0x02 delimiter, then only zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no delimiter');
  return new TextDecoder().decode(plain.slice(0, end));
}
