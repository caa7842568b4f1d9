// ICE servers for a call: only a participant of that call gets them; the
// operator's chatInfo entries and coturn credentials (TURN_SECRET / TURN_URLS, set for these
// tests in vitest.worker.config.ts) that verify; never a secret there or in getSystemInfo. The
// public STUN defaults and Cloudflare TURN are checked on the service itself: the endpoint's
// environment has coturn configured, and Cloudflare's API cannot be reached offline, so that one
// fetch — and only it — is a stand-in here.
import { afterEach, describe, expect, it } from 'vitest';

import { DEFAULT_STUN, ICE_TTL_DEFAULT, ICE_TTL_MAX, iceServersFor } from '../../worker/providers/ice-servers';
import { callId, closeAll, dial, person, sendToMsg, webrtcFrame } from './call-helpers';
import { call, inObject, resetConfig, setConfig, userHubStub } from './helpers';

const SECRET = 'test-turn-shared-secret';
const iceServers = (token: string, id: string) => call('/enterprise/im/iceServers', { id }, { token });

async function hmacSha1Base64(secret: string, text: string) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  return btoa(
    String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)))),
  );
}

afterEach(resetConfig);

describe('POST /enterprise/im/iceServers', () => {
  it('answers the participants of a call only, while it lasts', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    const id = callId();
    expect((await iceServers(a.token, id)).body).toMatchObject({ code: 400, msg: 'The call failed' });
    await dial(a, b, id);
    await webrtcFrame(b.socket, id, 'calling');
    expect((await iceServers(a.token, id)).body.code).toBe(0);
    expect((await iceServers(b.token, id)).body.code).toBe(0);
    expect((await iceServers(c.token, id)).body).toMatchObject({ code: 400, msg: 'The call failed' });
    expect((await iceServers(a.token, 'x')).body.code).toBe(400);
    await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    expect((await iceServers(a.token, id)).body.code).toBe(400);
    expect((await iceServers(b.token, id)).body.code).toBe(400);
    closeAll(a, b, c);
  });

  it('answers chatInfo’s servers and coturn credentials that verify, and never a secret', async () => {
    await setConfig('chatInfo', {
      stun: 'turn:turn.example.org:3478, stun:stun.example.org:3478',
      stunUser: 'operator',
      stunPass: 'stun-pass-4711',
    });
    const [a, b] = await Promise.all([person(), person()]);
    const id = callId();
    await dial(a, b, id);
    const before = Math.floor(Date.now() / 1000);
    const answer = await iceServers(a.token, id);
    expect(answer.body.code).toBe(0);
    const { iceServers: list, ttl } = answer.body.data;
    expect(ttl).toBe(ICE_TTL_DEFAULT);
    expect(list[0]).toEqual({
      urls: ['turn:turn.example.org:3478', 'stun:stun.example.org:3478'],
      username: 'operator',
      credential: 'stun-pass-4711',
    });
    const turn = list[1];
    expect(turn.urls).toEqual([
      'turn:turn.parley.test:3478?transport=udp',
      'turns:turn.parley.test:5349?transport=tcp',
    ]);
    const [expiry, uid] = turn.username.split(':').map(Number);
    expect(uid).toBe(a.uid);
    expect(expiry).toBeGreaterThanOrEqual(before + ICE_TTL_DEFAULT);
    expect(expiry).toBeLessThanOrEqual(before + ICE_TTL_DEFAULT + 5);
    expect(turn.credential).toBe(await hmacSha1Base64(SECRET, turn.username));
    expect(turn.credential).not.toBe(await hmacSha1Base64('another-secret', turn.username));
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    // The callee gets credentials of their own.
    const theirs = (await iceServers(b.token, id)).body.data.iceServers[1];
    expect(theirs.username.endsWith(`:${b.uid}`)).toBe(true);
    expect(theirs.credential).toBe(await hmacSha1Base64(SECRET, theirs.username));
    // getSystemInfo shows none of it.
    const info = JSON.stringify((await call('/common/pub/getSystemInfo', {})).body);
    for (const secret of [SECRET, 'stun-pass-4711', 'turn.example.org', 'turn.parley.test'])
      expect(info).not.toContain(secret);
    closeAll(a, b);
  });

  it('mints TURN credentials once per participant per call and answers them again with the time left', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = callId();
    await dial(a, b, id);
    const turnOf = async (token: string) => {
      const { data } = (await iceServers(token, id)).body;
      return {
        turn: data.iceServers.find((s: { username?: string }) => s.username) as {
          username: string;
          credential: string;
        },
        ttl: data.ttl as number,
      };
    };
    const first = await turnOf(a.token);
    // coturn usernames carry their expiry in seconds: a set minted a second later would differ.
    await new Promise((r) => setTimeout(r, 1100));
    const again = await turnOf(a.token);
    expect(again.turn).toEqual(first.turn);
    expect(again.ttl).toBeLessThan(first.ttl);
    expect(again.ttl).toBeGreaterThan(first.ttl - 5);
    // The other participant has a set of their own, kept as well.
    const theirs = await turnOf(b.token);
    expect(theirs.turn.username.endsWith(`:${b.uid}`)).toBe(true);
    expect((await turnOf(b.token)).turn).toEqual(theirs.turn);
    // Kept credentials about to run out are replaced, then kept in turn.
    await inObject(userHubStub(a.uid), (hub: any) =>
      hub.parts.calls.update({ ice: { ...hub.parts.calls.get().ice, expiresAt: Date.now() + 30_000 } }),
    );
    const renewed = await turnOf(a.token);
    expect(renewed.turn.username).not.toBe(first.turn.username);
    expect(renewed.ttl).toBe(ICE_TTL_DEFAULT);
    // A new call is a new set.
    await sendToMsg(a.token, { id, toContactId: b.uid, event: 'hangup' });
    await new Promise((r) => setTimeout(r, 1100));
    const next = callId();
    await dial(a, b, next);
    const nextTurn = (await iceServers(a.token, next)).body.data.iceServers.find(
      (s: { username?: string }) => s.username,
    );
    expect(nextTurn.username).not.toBe(renewed.turn.username);
    closeAll(a, b);
  });
});

describe('iceServersFor', () => {
  it('answers the public STUN defaults when nothing is configured', async () => {
    expect(await iceServersFor({}, { stun: '', stunUser: '', stunPass: '' }, 7)).toEqual({
      iceServers: [{ urls: DEFAULT_STUN }],
      ttl: ICE_TTL_DEFAULT,
    });
    expect(DEFAULT_STUN).toEqual(['stun:stun.cloudflare.com:3478', 'stun:stun.l.google.com:19302']);
    // Something that is not an ICE URL is ignored; a STUN-only entry has no credentials.
    expect(
      (await iceServersFor({ TURN_SECRET: 's', TURN_URLS: 'https://evil.example' }, { stun: 'javascript:alert(1)' }, 7))
        .iceServers,
    ).toEqual([{ urls: DEFAULT_STUN }]);
    expect((await iceServersFor({}, { stun: 'stun:s.example.org' }, 7)).iceServers).toEqual([
      { urls: ['stun:s.example.org'] },
    ]);
  });

  it('caps the credentials’ lifetime at 48 h', async () => {
    const { ttl, iceServers } = await iceServersFor(
      { TURN_SECRET: 's', TURN_URLS: 'turn:t.example.org', TURN_TTL: '999999' },
      {},
      7,
      fetch,
      1_000_000,
    );
    expect(ttl).toBe(ICE_TTL_MAX);
    expect(iceServers[0]!.username).toBe(`${1000 + ICE_TTL_MAX}:7`);
  });

  it('asks Cloudflare TURN with the key and a TTL, drops port-53 URLs, and falls back when it fails', async () => {
    // Cloudflare's API cannot be reached offline: this stands in for that one fetch only.
    const asked: { url: string; init: RequestInit }[] = [];
    const cloudflare = (async (url: string, init: RequestInit) => {
      asked.push({ url, init });
      return Response.json({
        iceServers: [
          { urls: ['stun:stun.cloudflare.com:3478', 'stun:stun.cloudflare.com:53'] },
          {
            urls: [
              'turn:turn.cloudflare.com:3478?transport=udp',
              'turn:turn.cloudflare.com:53?transport=udp',
              'turns:turn.cloudflare.com:443?transport=tcp',
            ],
            username: 'u1',
            credential: 'c1',
          },
        ],
      });
    }) as unknown as typeof fetch;
    const env = {
      TURN_KEY_ID: 'key-123',
      TURN_KEY_API_TOKEN: 'token-456',
      TURN_SECRET: 'ignored',
      TURN_URLS: 'turn:ignored.example',
    };
    const answer = await iceServersFor(env, {}, 9, cloudflare);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe('https://rtc.live.cloudflare.com/v1/turn/keys/key-123/credentials/generate-ice-servers');
    expect(asked[0]!.init.method).toBe('POST');
    expect((asked[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-456');
    expect(JSON.parse(String(asked[0]!.init.body))).toEqual({ ttl: ICE_TTL_DEFAULT });
    expect(answer.iceServers).toEqual([
      { urls: ['stun:stun.cloudflare.com:3478'] },
      {
        urls: ['turn:turn.cloudflare.com:3478?transport=udp', 'turns:turn.cloudflare.com:443?transport=tcp'],
        username: 'u1',
        credential: 'c1',
      },
    ]);
    expect(JSON.stringify(answer)).not.toContain('token-456');
    const failing = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    expect((await iceServersFor(env, {}, 9, failing)).iceServers).toEqual([{ urls: DEFAULT_STUN }]);
  });
});
