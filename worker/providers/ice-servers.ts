// The ICE servers a call's participant gets: the operator's own from
// `chatInfo.stun` / `stunUser` / `stunPass` (server-side config, never in getSystemInfo), TURN
// credentials minted per request — coturn's shared-secret scheme (TURN_SECRET + TURN_URLS) or
// Cloudflare's TURN service (TURN_KEY_ID + TURN_KEY_API_TOKEN) — and, when nothing is
// configured, public STUN servers. Secrets stay here: only short-lived credentials leave.
import type { IceServer, IceServersResponse } from '../protocol/calls';

export const DEFAULT_STUN = ['stun:stun.cloudflare.com:3478', 'stun:stun.l.google.com:19302'];
/** Credentials live a day by default, two at most; a longer call asks again (setConfiguration). */
export const ICE_TTL_DEFAULT = 86_400;
export const ICE_TTL_MAX = 172_800;
/** Kept credentials with less than this left (seconds) are replaced: the client asks again 60 s before they end. */
export const ICE_RENEW_S = 300;
const CLOUDFLARE_TURN = 'https://rtc.live.cloudflare.com/v1/turn/keys';

export interface IceEnv {
  TURN_URLS?: string;
  TURN_SECRET?: string;
  TURN_TTL?: string;
  TURN_KEY_ID?: string;
  TURN_KEY_API_TOKEN?: string;
}

/** A list of URLs as an operator writes it: commas, spaces or new lines between them. */
export const urlList = (text: unknown): string[] =>
  String(text ?? '')
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter((u) => /^(stuns?|turns?):/i.test(u));

/** `iceServers` for user `uid`; `fetcher` reaches Cloudflare's API (tests hand in their own). */
export async function iceServersFor(
  env: IceEnv,
  chatInfo: { stun?: unknown; stunUser?: unknown; stunPass?: unknown },
  uid: number,
  fetcher: typeof fetch = fetch,
  now = Date.now(),
): Promise<IceServersResponse> {
  const ttl = Math.min(Math.max(60, Number(env.TURN_TTL) || ICE_TTL_DEFAULT), ICE_TTL_MAX);
  const servers: IceServer[] = [];
  const configured = urlList(chatInfo.stun);
  if (configured.length > 0) {
    const username = String(chatInfo.stunUser ?? '');
    const credential = String(chatInfo.stunPass ?? '');
    servers.push({ urls: configured, ...(username || credential ? { username, credential } : {}) });
  }
  if (env.TURN_KEY_ID && env.TURN_KEY_API_TOKEN)
    servers.push(...(await cloudflareTurn(env.TURN_KEY_ID, env.TURN_KEY_API_TOKEN, ttl, fetcher)));
  else if (env.TURN_SECRET && urlList(env.TURN_URLS).length > 0)
    servers.push(await coturnServer(env.TURN_SECRET, urlList(env.TURN_URLS), uid, ttl, now));
  if (servers.length === 0) servers.push({ urls: DEFAULT_STUN });
  return { iceServers: servers, ttl };
}

/**
 * coturn's REST credentials (`use-auth-secret`): username `<expiry>:<uid>`, password the
 * base64 HMAC-SHA1 of the username under the shared secret.
 */
export async function coturnServer(
  secret: string,
  urls: string[],
  uid: number,
  ttl: number,
  now = Date.now(),
): Promise<IceServer> {
  const username = `${Math.floor(now / 1000) + ttl}:${uid}`;
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(username)));
  return { urls, username, credential: btoa(String.fromCharCode(...mac)) };
}

/** Cloudflare TURN: credentials for `ttl` seconds; URLs on port 53 are dropped (browsers block them). None when the API fails. */
export async function cloudflareTurn(
  keyId: string,
  token: string,
  ttl: number,
  fetcher: typeof fetch = fetch,
): Promise<IceServer[]> {
  try {
    const res = await fetcher(`${CLOUDFLARE_TURN}/${encodeURIComponent(keyId)}/credentials/generate-ice-servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ttl }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const body = (await res.json()) as { iceServers?: unknown };
    const list = Array.isArray(body.iceServers) ? body.iceServers : body.iceServers ? [body.iceServers] : [];
    return list.flatMap((s: { urls?: unknown; username?: unknown; credential?: unknown }) => {
      const urls = (Array.isArray(s.urls) ? s.urls : [s.urls]).filter(
        (u): u is string => typeof u === 'string' && !/:53(\?|$)/.test(u),
      );
      if (urls.length === 0) return [];
      return [
        {
          urls,
          ...(typeof s.username === 'string' ? { username: s.username } : {}),
          ...(typeof s.credential === 'string' ? { credential: s.credential } : {}),
        },
      ];
    });
  } catch (error) {
    console.error('Cloudflare TURN credentials failed', error);
    return [];
  }
}
