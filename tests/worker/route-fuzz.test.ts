// Property-based fuzzing (fast-check) of every route of the Worker's route table and of socket
// frames, against real workerd: no answer may be an HTTP 500 or a crash (the generic 502 refusal),
// every API answer is an envelope, and a refused request changes no D1 row, R2 key or hub table.
import fc from 'fast-check';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';

import { CODE } from '@protocol/codes';
import { EnvelopeSchema } from '@protocol/envelope';

import { signQrToken } from '../../worker/services/qr-tokens';
import { fetchWorker, loginUser, pngBytes, TEST_JWT_SECRET } from './helpers';
import { fieldNames, ROUTE_BODIES, type SchemaNode } from './route-bodies';
import { concretePath, makeFixture, REGISTERED_ROUTES, settled, type Snapshot, snapshot } from './route-fixture';
import type { Fixture } from './route-rules';
import { connect } from './socket-helpers';

/** Fixed so a failure replays; fast-check prints the seed and the shrunk counterexample. */
const SEED = 15_2026;
const RUNS = 25;

/** Every field name the API's request schemas read, so any body may carry another route's fields. */
const FIELDS = fieldNames();

/** The fixture's real ids, accounts and tokens, so requests name real things. */
async function realValues(f: Fixture): Promise<unknown[]> {
  const { token } = await signQrToken(TEST_JWT_SECRET, 'g', f.group.slice('group-'.length));
  return [
    f.group,
    f.a.uid,
    f.b.uid,
    f.outsider.uid,
    String(f.a.uid),
    f.groupText.id,
    f.groupText.msg_id,
    f.groupFile.msg_id,
    f.outsiderFile.msg_id,
    f.friendRequest.friend_id,
    f.a.account,
    f.b.account,
    'secret12',
    `call-${f.a.uid}-${f.b.uid}`,
    'v=0\r\n',
    token,
  ];
}

/** Values a client could send, plus the real ones. */
const valueOf = (real: unknown[]) => {
  const known = fc.constantFrom(...real);
  const scalar = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant('x'.repeat(3000)),
    fc.constantFrom('__proto__', 'group-', '-1', '1e309', ''),
  );
  return fc.oneof(
    { weight: 3, arbitrary: known },
    { weight: 4, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(fc.oneof(known, scalar), { maxLength: 7 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...FIELDS, '__proto__'), fc.oneof(known, scalar), { maxKeys: 4 }),
    },
  );
};

/** Any body: any of the API's field names (or none of them) with any values. */
const anyBody = (real: unknown[]) =>
  fc.dictionary(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, fc.string({ maxLength: 12 })),
    valueOf(real),
    { maxKeys: 8 },
  );

const ABSENT = Symbol('absent');

/** Values a schema names itself: its picklists and literals, and objects and arrays built of its fields. */
function schemaValues(node: SchemaNode, real: unknown[]): fc.Arbitrary<unknown>[] {
  const inner = (node.pipe?.slice(1) ?? []).filter((p) => p.kind === 'schema').flatMap((p) => schemaValues(p, real));
  switch (node.type) {
    case 'picklist':
      return [fc.constantFrom(...node.options!), ...inner];
    case 'literal':
      return [fc.constant(node.literal), ...inner];
    case 'optional':
    case 'nullable':
    case 'nullish':
      return [...schemaValues(node.wrapped!, real), ...inner];
    case 'union':
    case 'variant':
      return [...(node.options as SchemaNode[]).flatMap((o) => schemaValues(o, real)), ...inner];
    case 'array':
      return [fc.array(valueFor(node.item!, real), { maxLength: 5 }), ...inner];
    case 'object': {
      // A required field is there seven times in eight, so most bodies have what the route needs;
      // an optional one every third time, so a body with many of them still parses.
      const fields = Object.fromEntries(
        Object.entries(node.entries!).map(([k, e]) => {
          const [absent, present] = e.type === 'optional' ? [2, 1] : [1, 7];
          return [
            k,
            fc.oneof(
              { weight: absent, arbitrary: fc.constant(ABSENT) },
              { weight: present, arbitrary: valueFor(e, real) },
            ),
          ];
        }),
      );
      return [
        fc.record(fields).map((b) => Object.fromEntries(Object.entries(b).filter(([, x]) => x !== ABSENT))),
        ...inner,
      ];
    }
    default:
      return inner;
  }
}

/** A field's value: mostly one its schema names or a real one it accepts, now and then anything. */
const valueFor = (node: SchemaNode, real: unknown[]): fc.Arbitrary<unknown> => {
  const fitting = real.filter((x) => v.is(node as unknown as v.GenericSchema, x));
  const own = [...schemaValues(node, real), ...(fitting.length ? [fc.constantFrom(...fitting)] : [])];
  return own.length
    ? fc.oneof({ weight: 9, arbitrary: fc.oneof(...own) }, { weight: 1, arbitrary: valueOf(real) })
    : valueOf(real);
};

/** A route's bodies: mostly its schema's fields (plus up to two others), sometimes anything. */
function bodyOf(route: string, real: unknown[]): fc.Arbitrary<Record<string, unknown>> {
  const schema = ROUTE_BODIES[route] as unknown as SchemaNode | null;
  if (!schema) return anyBody(real);
  const shaped = fc.tuple(
    fc.oneof(...schemaValues(schema, real)),
    fc.dictionary(fc.constantFrom(...FIELDS), valueOf(real), { maxKeys: 2 }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map(([own, extra]) => ({ ...extra, ...(own as Record<string, unknown>) })) },
    { weight: 1, arbitrary: anyBody(real) },
  );
}

type Caller = 'member' | 'outsider' | 'anonymous';
const callerArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Caller>('member') },
  { weight: 2, arbitrary: fc.constant<Caller>('outsider') },
  fc.constant<Caller>('anonymous'),
);

/** A POST body as JSON, form-encoded, or not parseable at all. */
const encodedBody = (route: string, real: unknown[]) =>
  fc.oneof(
    { weight: 3, arbitrary: bodyOf(route, real).map((b) => ({ type: 'application/json', text: JSON.stringify(b) })) },
    {
      weight: 1,
      arbitrary: bodyOf(route, real).map((b) => ({
        type: 'application/x-www-form-urlencoded',
        text: new URLSearchParams(
          Object.entries(b).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]),
        ).toString(),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        type: fc.constantFrom('application/json', 'text/plain', ''),
        text: fc.string({ maxLength: 60 }),
      }),
    },
  );

const SKIP_CHANGE_CHECK = new Set(['login_guesses', 'login_trusted']); // a refused login is counted, by design

function withoutBookkeeping(s: Snapshot) {
  return { ...s, d1: Object.fromEntries(Object.entries(s.d1).filter(([t]) => !SKIP_CHANGE_CHECK.has(t))) };
}

describe('fuzzing every route', () => {
  let f: Fixture;
  let real: unknown[];
  let before: Snapshot;
  beforeAll(async () => {
    f = await makeFixture();
    real = await realValues(f);
    before = await settled(f);
  });

  const tokenOf = (caller: Caller) =>
    caller === 'member' ? f.a.token : caller === 'outsider' ? f.outsider.token : undefined;

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
        expect(
          withoutBookkeeping(await snapshot(f)),
          `${route} refused (${text.slice(0, 120)}) yet changed state`,
        ).toEqual(withoutBookkeeping(before));
        return;
      }
    }
    // Accepted (or not an API answer): whatever it changed is the new baseline, once its deliveries
    // landed. A request that changed no table queued no delivery either (the outbox is written with them).
    const now = await snapshot(f);
    if (JSON.stringify(now) !== JSON.stringify(before)) before = await settled(f);
  }

  it('knows the body schema of every POST route (route-bodies.ts), and of no other', () => {
    expect(Object.keys(ROUTE_BODIES).sort()).toEqual(REGISTERED_ROUTES.filter((r) => r.startsWith('POST ')).sort());
  });

  // Dissolving the fixture's group comes last: every group route after it could only be refused.
  const postRoutes = REGISTERED_ROUTES.filter(
    (r) => r.startsWith('POST ') && r !== 'POST /common/upload/uploadfile',
  ).sort((x, y) => Number(x.endsWith('/removegroup')) - Number(y.endsWith('/removegroup')));

  it.each(postRoutes)('%s', async (route) => {
    const path = concretePath(route.slice(5));
    const endsSession = /logout|editpassword/.test(route);
    await fc.assert(
      fc.asyncProperty(callerArb, encodedBody(route, real), async (caller, body) => {
        let token = tokenOf(caller);
        if (token && endsSession) {
          // A login of its own, so later runs keep theirs; what making it wrote is the new baseline.
          token = (await loginUser()).token;
          before = await settled(f);
        }
        const headers: Record<string, string> = {
          'accept-language': 'en',
          ...(body.type ? { 'content-type': body.type } : {}),
          ...(token ? { authorization: token } : {}),
        };
        const res = await fetchWorker(path, { method: 'POST', headers, body: body.text });
        await judge(route, res, !route.includes('/dev/'));
      }),
      { numRuns: endsSession ? 5 : RUNS, seed: SEED },
    );
  });

  it('POST /common/upload/uploadfile', async () => {
    const files = fc.oneof(fc.constant(pngBytes(3, 3)), fc.uint8Array({ maxLength: 64 }));
    const names = fc.oneof(
      fc.constantFrom('a.png', 'b.txt', 'c.wav', 'd.mp4', 'e.exe', '.png', 'noext', ''),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(
        callerArb,
        bodyOf('POST /common/upload/uploadfile', real),
        files,
        names,
        fc.boolean(),
        async (caller, message, bytes, name, withMessage) => {
          const form = new FormData();
          form.set('file', new File([bytes], name));
          if (withMessage) form.set('message', JSON.stringify(message));
          const token = tokenOf(caller);
          const res = await fetchWorker('/common/upload/uploadFile', {
            method: 'POST',
            headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
            body: form,
          });
          await judge('uploadfile', res, true);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it.each(['POST /common/upload/uploadavatar', 'POST /enterprise/group/uploadavatar'])(
    '%s (multipart)',
    async (route) => {
      const files = fc.oneof(fc.constant(pngBytes(3, 3)), fc.uint8Array({ maxLength: 64 }));
      const names = fc.oneof(
        fc.constantFrom('a.png', 'b.gif', 'c.jpg', 'd.bmp', 'e.svg', '.png', 'noext', ''),
        fc.string({ maxLength: 20 }),
      );
      await fc.assert(
        fc.asyncProperty(
          callerArb,
          bodyOf(route, real),
          files,
          names,
          fc.constantFrom('file', 'avatar', ''),
          async (caller, fields, bytes, name, field) => {
            const form = new FormData();
            for (const [k, x] of Object.entries(fields)) form.set(k, typeof x === 'string' ? x : JSON.stringify(x));
            form.set(field, new File([bytes], name));
            const token = tokenOf(caller);
            const res = await fetchWorker(concretePath(route.slice(5)), {
              method: 'POST',
              headers: { 'accept-language': 'en', ...(token ? { authorization: token } : {}) },
              body: form,
            });
            await judge(`${route} (multipart)`, res, true);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    },
  );

  it('GET /file/:id', async () => {
    const ids = fc.oneof(
      fc.constant(f.groupFile.url.split('/').pop()!),
      fc.nat().map(String),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const ranges = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 20 }),
      fc.tuple(fc.option(fc.nat(100)), fc.option(fc.nat(100))).map(([a, b]) => `bytes=${a ?? ''}-${b ?? ''}`),
    );
    await fc.assert(
      fc.asyncProperty(callerArb, ids, ranges, async (caller, id, range) => {
        const token = tokenOf(caller);
        const res = await fetchWorker(`/file/${id}`, {
          headers: {
            'accept-language': 'en',
            ...(token ? { authorization: token } : {}),
            ...(range !== undefined ? { range } : {}),
          },
        });
        await judge('file', res, false);
      }),
      { numRuns: RUNS * 2, seed: SEED },
    );
  });

  const getRoutes = REGISTERED_ROUTES.filter(
    (r) => (r.startsWith('GET ') || r.startsWith('ALL ')) && r !== 'GET /file/:id',
  );

  it.each(getRoutes)('%s with any query and path', async (route) => {
    const base = concretePath(route.slice(route.indexOf(' ') + 1));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('ticket', 'account', 'room', 'x'), fc.string({ maxLength: 40 }), { maxKeys: 3 }),
        fc.boolean(),
        async (query, upgrade) => {
          const res = await fetchWorker(`${base}?${new URLSearchParams(query)}`, {
            headers: { 'accept-language': 'en', ...(upgrade ? { upgrade: 'websocket' } : {}) },
          });
          res.webSocket?.accept();
          res.webSocket?.close(1000, 'fuzz');
          await judge(route, res, false);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('socket frames: any frame gets protocol frames back, the socket stays usable, and nothing changes', async () => {
    const socket = await connect(f.a.token, 'fuzz-device');
    await socket.next((frame) => frame.type === 'init');
    const start = await settled(f);
    const frames = fc.oneof(
      fc.jsonValue().map((x) => JSON.stringify(x)),
      fc
        .record({
          type: fc.constantFrom('ping', 'pong', 'sync', 'simple', 'init', ''),
          since: fc.oneof(fc.integer(), fc.double(), fc.string()),
        })
        .map((x) => JSON.stringify(x)),
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
