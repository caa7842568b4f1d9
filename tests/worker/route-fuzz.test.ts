// Property-based fuzzing (fast-check) of every route of the Worker's route table and of socket
// frames, against real workerd: no answer may be an HTTP 500 or a crash (the generic 502 refusal),
// every API answer is an envelope, and a refused request changes no D1 row, R2 key or hub table.
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE } from '../../worker/protocol/codes';
import { EnvelopeSchema } from '../../worker/protocol/envelope';
import { fetchWorker, loginUser, pngBytes } from './helpers';
import { concretePath, makeFixture, REGISTERED_ROUTES, settled, snapshot, type Snapshot } from './route-fixture';
import type { Fixture } from './route-rules';
import { connect } from './socket-helpers';

/** Fixed so a failure replays; fast-check prints the seed and the shrunk counterexample. */
const SEED = 15_2026;
const RUNS = 25;

// Field names the API reads somewhere, so generated bodies reach past the first validation.
const FIELDS = [
  'id', 'toContactId', 'content', 'type', 'is_group', 'msg_id', 'user_ids', 'pid', 'extends', 'last_id', 'limit', 'page', 'keywords',
  'account', 'password', 'realname', 'code', 'email', 'motto', 'sex', 'is_top', 'is_notice', 'device_id', 'inviteCode', 'original_password',
  'user_id', 'remark', 'friend_id', 'status', 'nickname', 'is_mine',
  'newCode', 'realToken',
];

/** Values a client could send, plus the fixture's real ids so requests name real things. */
const valueOf = (f: Fixture) => {
  const real = fc.constantFrom<unknown>(f.group, f.a.uid, f.b.uid, f.outsider.uid, String(f.a.uid), f.groupText.id, f.groupText.msg_id, f.groupFile.msg_id, f.outsiderFile.msg_id, f.friendRequest.friend_id);
  const scalar = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('x'.repeat(3000)), fc.constantFrom('__proto__', 'group-', '-1', '1e309', ''));
  return fc.oneof({ weight: 3, arbitrary: real }, { weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(fc.oneof(real, scalar), { maxLength: 7 }) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('quote', 'msg_id', 'duration', '__proto__'), fc.oneof(real, scalar)) });
};

const bodyOf = (f: Fixture) => fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 })), valueOf(f), { maxKeys: 8 });

type Caller = 'member' | 'outsider' | 'anonymous';
const callerArb = fc.constantFrom<Caller>('member', 'outsider', 'anonymous');

/** A POST body as JSON, form-encoded, or not parseable at all. */
const encodedBody = (f: Fixture) =>
  fc.oneof(
    { weight: 3, arbitrary: bodyOf(f).map((b) => ({ type: 'application/json', text: JSON.stringify(b) })) },
    { weight: 1, arbitrary: bodyOf(f).map((b) => ({ type: 'application/x-www-form-urlencoded', text: new URLSearchParams(Object.entries(b).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)])).toString() })) },
    { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('application/json', 'text/plain', ''), text: fc.string({ maxLength: 60 }) }) },
  );

const SKIP_CHANGE_CHECK = new Set(['login_guesses', 'login_trusted']); // a refused login is counted, by design

function withoutBookkeeping(s: Snapshot) {
  return { ...s, d1: Object.fromEntries(Object.entries(s.d1).filter(([t]) => !SKIP_CHANGE_CHECK.has(t))) };
}

describe('fuzzing every route', () => {
  let f: Fixture;
  let before: Snapshot;
  beforeAll(async () => {
    f = await makeFixture();
    before = await settled(f);
  });

  const tokenOf = (caller: Caller) => (caller === 'member' ? f.a.token : caller === 'outsider' ? f.outsider.token : undefined);

  /** The checks every answer meets; a refusal must also leave everything as it was. */
  async function judge(route: string, res: Response, api: boolean) {
    expect(res.status, route).toBeLessThan(500);
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('application/json');
    if (api || json) {
      const parsed = v.safeParse(EnvelopeSchema, JSON.parse(text));
      expect(parsed.success, `${route}: not an envelope: ${text.slice(0, 200)}`).toBe(true);
      const code = (parsed.output as { code: number }).code;
      expect(code, `${route}: ${text.slice(0, 200)}`).not.toBe(CODE.ERROR);
      if (code !== CODE.OK) {
        expect(withoutBookkeeping(await snapshot(f)), `${route} refused (${text.slice(0, 120)}) yet changed state`).toEqual(withoutBookkeeping(before));
        return;
      }
    }
    // Accepted (or not an API answer): whatever it changed is the new baseline, once its deliveries
    // landed. A request that changed no table queued no delivery either (the outbox is written with them).
    const now = await snapshot(f);
    if (JSON.stringify(now) !== JSON.stringify(before)) before = await settled(f);
  }

  const postRoutes = REGISTERED_ROUTES.filter((r) => r.startsWith('POST ') && r !== 'POST /common/upload/uploadfile');

  it.each(postRoutes)('%s', async (route) => {
    const path = concretePath(route.slice(5));
    const endsSession = /logout|editpassword/.test(route);
    await fc.assert(
      fc.asyncProperty(callerArb, encodedBody(f), async (caller, body) => {
        let token = tokenOf(caller);
        if (token && endsSession) {
          // A login of its own, so later runs keep theirs; what making it wrote is the new baseline.
          token = (await loginUser()).token;
          before = await settled(f);
        }
        const headers: Record<string, string> = { 'accept-language': 'en', ...(body.type ? { 'content-type': body.type } : {}), ...(token ? { authorization: token } : {}) };
        const res = await fetchWorker(path, { method: 'POST', headers, body: body.text });
        await judge(route, res, !route.includes('/dev/'));
      }),
      { numRuns: endsSession ? 5 : RUNS, seed: SEED },
    );
  });

  it('POST /common/upload/uploadfile', async () => {
    const files = fc.oneof(fc.constant(pngBytes(3, 3)), fc.uint8Array({ maxLength: 64 }));
    const names = fc.oneof(fc.constantFrom('a.png', 'b.txt', 'c.wav', 'd.mp4', 'e.exe', '.png', 'noext', ''), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(callerArb, bodyOf(f), files, names, fc.boolean(), async (caller, message, bytes, name, withMessage) => {
        const form = new FormData();
        form.set('file', new File([bytes], name));
        if (withMessage) form.set('message', JSON.stringify(message));
        const token = tokenOf(caller);
        const res = await fetchWorker('/common/upload/uploadFile', { method: 'POST', headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) }, body: form });
        await judge('uploadfile', res, true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('POST /common/upload/uploadavatar (multipart)', async () => {
    const files = fc.oneof(fc.constant(pngBytes(3, 3)), fc.uint8Array({ maxLength: 64 }));
    const names = fc.oneof(fc.constantFrom('a.png', 'b.gif', 'c.jpg', 'd.bmp', 'e.svg', '.png', 'noext', ''), fc.string({ maxLength: 20 }));
    await fc.assert(
      fc.asyncProperty(callerArb, files, names, fc.constantFrom('file', 'avatar', ''), async (caller, bytes, name, field) => {
        const form = new FormData();
        form.set(field, new File([bytes], name));
        const token = tokenOf(caller);
        const res = await fetchWorker('/common/upload/uploadAvatar', { method: 'POST', headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) }, body: form });
        await judge('uploadavatar', res, true);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('GET /file/:id', async () => {
    const ids = fc.oneof(fc.constant(f.groupFile.url.split('/').pop()!), fc.nat().map(String), fc.string({ maxLength: 20 }).map(encodeURIComponent));
    const ranges = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 20 }), fc.tuple(fc.option(fc.nat(100)), fc.option(fc.nat(100))).map(([a, b]) => `bytes=${a ?? ''}-${b ?? ''}`));
    await fc.assert(
      fc.asyncProperty(callerArb, ids, ranges, async (caller, id, range) => {
        const token = tokenOf(caller);
        const res = await fetchWorker(`/file/${id}`, { headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}), ...(range !== undefined ? { range } : {}) } });
        await judge('file', res, false);
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });

  const getRoutes = REGISTERED_ROUTES.filter((r) => (r.startsWith('GET ') || r.startsWith('ALL ')) && r !== 'GET /file/:id');

  it.each(getRoutes)('%s with any query and path', async (route) => {
    const base = concretePath(route.slice(route.indexOf(' ') + 1));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('ticket', 'account', 'room', 'x'), fc.string({ maxLength: 40 }), { maxKeys: 3 }), fc.boolean(), async (query, upgrade) => {
        const res = await fetchWorker(`${base}?${new URLSearchParams(query)}`, { headers: { 'accept-language': 'en', ...(upgrade ? { upgrade: 'websocket' } : {}) } });
        res.webSocket?.accept();
        res.webSocket?.close(1000, 'fuzz');
        await judge(route, res, false);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('socket frames: any frame gets protocol frames back, the socket stays usable, and nothing changes', async () => {
    const socket = await connect(f.a.token, 'fuzz-device');
    await socket.next((frame) => frame.type === 'init');
    const start = await settled(f);
    const frames = fc.oneof(
      fc.jsonValue().map((x) => JSON.stringify(x)),
      fc.record({ type: fc.constantFrom('ping', 'pong', 'sync', 'simple', 'init', ''), since: fc.oneof(fc.integer(), fc.double(), fc.string()) }).map((x) => JSON.stringify(x)),
      fc.string({ maxLength: 80 }),
      fc.uint8Array({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(frames, async (frame) => {
        socket.ws.send(frame);
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
    socket.send({ type: 'ping' });
    await socket.next((frame) => frame.type === 'pong');
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    expect(await snapshot(f)).toEqual(start);
    socket.close();
  });
});
