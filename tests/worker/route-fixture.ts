// The world the route matrix and the fuzz tests probe: two members with a one-to-one chat and a
// group holding a text and a file, a late joiner added to the group after those (its history is
// hidden, the default), an outsider with a chat of their own, and a snapshot of every
// D1 row, R2 key and hub table those requests could touch, to prove a refused request changed nothing.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { inspectRoutes } from 'hono/dev';
import { expect } from 'vitest';

import { conversationHub } from '../../worker/durable/stubs';
import app from '../../worker/index';
import { call, loginUser, makeGroup, pairHub, pngBytes, textMessage, uploadFile, userHubStub } from './helpers';
import type { Fixture } from './route-rules';

/** `METHOD path` of every handler the Worker registers (middleware left out). */
export const REGISTERED_ROUTES = [
  ...new Set(
    inspectRoutes(app)
      .filter((r) => !r.isMiddleware)
      .map((r) => `${r.method} ${r.path}`),
  ),
];

/** A path that reaches the route: parameters filled in, the catch-all given a page of the app. */
export const concretePath = (path: string) =>
  path === '/*' ? '/chat/index' : path.replace(/:\w+(\{[^}]*\})?/g, '1').replace(/\*$/, 'x');

export async function makeFixture(): Promise<Fixture> {
  const [a, b, outsider, late] = await Promise.all([loginUser(), loginUser(), loginUser(), loginUser()]);
  const person = (u: typeof a) => ({ token: u.token, uid: u.userInfo.user_id as number, account: u.account });
  const { group } = await makeGroup([a.userInfo.user_id, b.userInfo.user_id]);
  const text = textMessage(group, 'members only');
  const sent = await call('/enterprise/im/sendMessage', text, { token: a.token });
  const file = await uploadFile(a.token, group, 'plan.png', pngBytes(8, 8));
  const pair = await call('/enterprise/im/sendMessage', textMessage(b.userInfo.user_id, 'just us'), { token: a.token });
  const own = await uploadFile(outsider.token, a.userInfo.user_id, 'mine.png', pngBytes(2, 2));
  const request = await call(
    '/enterprise/friend/add',
    { user_id: b.userInfo.user_id, remark: 'hi' },
    { token: a.token },
  );
  // The join comes strictly after every message above: the history floor is a time.
  await new Promise((r) => setTimeout(r, 5));
  const joined = await call(
    '/enterprise/group/addGroupUser',
    { id: group, user_ids: [late.userInfo.user_id] },
    { token: a.token },
  );
  for (const reply of [sent.body, file.body, pair.body, own.body, request.body, joined.body])
    expect(reply.code, JSON.stringify(reply)).toBe(0);
  const groupText = { msg_id: sent.body.data.msg_id, id: text.id };
  const groupFile = { msg_id: file.body.data.msg_id, url: file.body.data.content };
  return {
    a: person(a),
    b: person(b),
    outsider: person(outsider),
    late: person(late),
    group,
    groupText,
    groupFile,
    earlier: { text: groupText, file: groupFile },
    missing: { text: { msg_id: 999_999, id: 'no-such-message' }, file: { msg_id: 999_998, url: '/file/999999999' } },
    outsiderFile: { msg_id: own.body.data.msg_id },
    friendRequest: { friend_id: request.body.data.friend_id },
  };
}

/** Rows of every table of a SQLite storage, each table's rows sorted, bookkeeping tables left out. */
function dumpSql(
  exec: (query: string) => Record<string, unknown>[],
  skip: readonly string[],
): Record<string, string[]> {
  const tables = exec("SELECT name FROM sqlite_master WHERE type = 'table'")
    .map((r) => String(r.name))
    .filter((name) => !/^(_cf_|sqlite_|d1_)/.test(name) && !skip.includes(name));
  return Object.fromEntries(
    tables.sort().map((t) => [
      t,
      exec(`SELECT * FROM "${t}"`)
        .map((r) => JSON.stringify(r))
        .sort(),
    ]),
  );
}

// Delivery bookkeeping changes while earlier events settle, whatever the request: the outbox and
// the hubs' remembered delivery keys. Messages, members, chats and events are all compared.
const HUB_BOOKKEEPING = ['fanout', 'seen'];

async function hubRows(stub: DurableObjectStub) {
  return runInDurableObject(stub, (_hub, state) =>
    dumpSql((q) => state.storage.sql.exec(q).toArray() as Record<string, unknown>[], HUB_BOOKKEEPING),
  );
}

/** Everything a request by the fixture's people could change. */
export async function snapshot(f: Fixture) {
  const d1 = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
  const tables = d1.results
    .map((r) => r.name)
    .filter((name) => !/^(_cf_|sqlite_|d1_)/.test(name))
    .sort();
  const [results, list, group, pair, outsiderPair, ...users] = await Promise.all([
    env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t}"`))),
    env.FILES.list(),
    ...[
      conversationHub(env, f.group) as unknown as DurableObjectStub,
      pairHub(f.a.uid, f.b.uid).stub,
      pairHub(f.a.uid, f.outsider.uid).stub,
    ].map(hubRows),
    ...[f.a.uid, f.b.uid, f.outsider.uid].map((uid) => hubRows(userHubStub(uid))),
  ]);
  const rows = Object.fromEntries(
    tables.map((t, n) => [t, (results as D1Result[])[n]!.results.map((r) => JSON.stringify(r)).sort()]),
  );
  return { d1: rows, r2: (list as R2Objects).objects.map((o) => o.key).sort(), group, pair, outsiderPair, users };
}

export type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Waits until deliveries of earlier requests have landed (two snapshots alike), and answers the last. */
export async function settled(f: Fixture, timeoutMs = 3000): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let last = await snapshot(f);
  for (;;) {
    await new Promise((r) => setTimeout(r, 30));
    const next = await snapshot(f);
    if (JSON.stringify(next) === JSON.stringify(last) || Date.now() > deadline) return next;
    last = next;
  }
}
