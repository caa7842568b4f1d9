// The cost ledger: what one message costs to run, counted by the development build's
// ledger (GET /dev/ledger, worker/services/cost-ledger.ts) and priced with bench/prices.mjs.
// Per scenario it sends BENCH_COST_MESSAGES (10) messages one after another, after one warm-up
// message (a new object's first write creates its tables), waits until the server is quiet (the
// ledger stops moving: fan-out finishes after the sender's answer), and divides the difference:
//   1:1 both online, 1:1 receiver offline, a read (the receiver marks the chat read), a group of 50
//   and of 500 with everyone online and with 10% online, an image message (upload + one download).
// Counts are exact; server CPU (the workerd processes' user + system time from /proc over the
// measured sends and the wait) is noisy on a shared machine and includes the idle sockets' share.
// Dollars leave out Durable Object duration and Worker CPU (see BENCHMARKS.md).
// Run alone: `node bench/cost.mjs` or `BENCH_ONLY=cost npm run bench` (builds first).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { cpuSeconds } from './measure.mjs';
import { PAID_PLAN_DOLLARS_PER_MONTH, PRICES, PRICES_READ, SOCKET_MESSAGES_PER_REQUEST } from './prices.mjs';

const N = Number(process.env.BENCH_COST_MESSAGES ?? 10);
const CHUNK = 20; // the most `add` / `addGroupUser` take per call
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Users: a group of 50 (1–50), a group of 500 (51–550), and a pair plus an offline third (551–553).
const SMALL = Array.from({ length: 50 }, (_, i) => i + 1);
const BIG = Array.from({ length: 500 }, (_, i) => i + 51);
const [ALICE, BOB, CAROL] = [551, 552, 553];
const USERS = [...SMALL, ...BIG, ALICE, BOB, CAROL];

const { SignJWT } = await import('jose');
const { ROOT, applySql, fileExists, run, bin } = await import('../scripts/lib.mjs');
const { BUILT_CONFIG } = await import('../scripts/server.mjs');
const { startWorkerd } = await import('../scripts/workerd-server.mjs');
if (!fileExists(BUILT_CONFIG)) await run(bin('vite'), ['build']);

const secret = randomBytes(32).toString('hex');
const key = new TextEncoder().encode(secret);
const tokens = new Map(
  await Promise.all(
    USERS.map(async (uid) => [
      uid,
      `bearer ${await new SignJWT({ uid, roles: ['user'], permissions: [], ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').setJti(crypto.randomUUID()).sign(key)}`,
    ]),
  ),
);

const stateDir = mkdtempSync(join(fileExists('/dev/shm') ? '/dev/shm' : tmpdir(), 'parley-bench-cost-'));
const seed = join(stateDir, 'bench-users.sql');
writeFileSync(
  seed,
  `${readFileSync(join(ROOT, 'schema.sql'), 'utf8')}\n` +
    USERS.map(
      (id) =>
        `INSERT INTO users (user_id, account, realname, password_hash, create_time, update_time) VALUES (${id}, 'bench${id}', 'Bench ${id}', 'unusable', 0, 0);`,
    ).join('\n'),
);
await applySql({ persistTo: stateDir, file: seed, config: BUILT_CONFIG });
const server = await startWorkerd({
  stateDir,
  applySchema: false,
  vars: { JWT_SECRET: secret, DEV_MAILBOX: 'true', COST_LEDGER: 'true' },
});
const pids = readdirSync('/proc').filter((pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd' && isOurs(pid);
  } catch {
    return false;
  }
});

/** Whether `pid` descends from this process (other helpers may run servers of their own meanwhile). */
function isOurs(pid) {
  for (let p = pid, hops = 0; p && p !== '0' && hops < 20; hops++) {
    if (p === String(process.pid)) return true;
    const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
    p = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
  }
  return false;
}

async function call(path, body, uid, init = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: tokens.get(uid), ...(init.form ? {} : { 'content-type': 'application/json' }) },
    body: init.form ?? JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!json || json.code !== 0) throw new Error(`${path} as ${uid}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

const ledger = async () => (await (await fetch(`${server.url}/dev/ledger`)).json()).data;

/** Waits until the ledger stops moving (two reads 300 ms apart agree): every fan-out has finished. */
async function quiet() {
  let last = JSON.stringify(await ledger());
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    await sleep(300);
    const now = JSON.stringify(await ledger());
    if (now === last) return JSON.parse(now);
    last = now;
  }
  throw new Error('the server did not go quiet within 30 s');
}

const sockets = new Map();
async function openSocket(uid) {
  const { ticket } = await call('/common/pub/wsTicket', { device_id: `bench${uid}` }, uid);
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/wss?ticket=${ticket}`);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`socket of ${uid} failed`));
  });
  sockets.set(uid, ws);
}
async function closeSocket(uid) {
  const ws = sockets.get(uid);
  sockets.delete(uid);
  if (!ws) return;
  const closed = new Promise((resolve) => (ws.onclose = resolve));
  ws.close();
  await closed;
}
async function openAll(uids) {
  for (let i = 0; i < uids.length; i += 25) await Promise.all(uids.slice(i, i + 25).map(openSocket));
}

/** A group as a client builds it: `add` with the first 20, then `addGroupUser` 20 at a time. */
async function makeGroup(members) {
  const [owner] = members;
  const card = await call('/enterprise/group/add', { user_ids: members.slice(1, CHUNK), name: 'Bench' }, owner);
  const group = String(card.id).startsWith('group-') ? card.id : `group-${card.group_id}`;
  for (let i = CHUNK; i < members.length; i += CHUNK)
    await call('/enterprise/group/addGroupUser', { id: group, user_ids: members.slice(i, i + CHUNK) }, owner);
  return group;
}

const text = (from, to, isGroup) =>
  call(
    '/enterprise/im/sendMessage',
    {
      id: crypto.randomUUID(),
      type: 'text',
      content: 'what does this cost',
      toContactId: to,
      is_group: isGroup ? 1 : 0,
    },
    from,
  );

/** A tiny PNG (only its header matters to the server). */
function png() {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, 8);
  new DataView(bytes.buffer).setUint32(20, 8);
  return bytes;
}
async function image(from, to) {
  const form = new FormData();
  form.set('file', new File([png()], 'bench.png'));
  form.set('message', JSON.stringify({ id: crypto.randomUUID(), toContactId: to }));
  const sent = await call('/common/upload/uploadFile', null, from, { form });
  // The receiver shows it once: one download through the Worker (an R2 read).
  const res = await fetch(`${server.url}${sent.content}`, { headers: { authorization: tokens.get(to) } });
  if (res.status !== 200) throw new Error(`download of ${sent.content}: HTTP ${res.status}`);
  await res.arrayBuffer();
}

/** The counts of `after` minus `before`, per message, flattened: worker, do, sqlite per class, d1, r2. */
function perMessage(before, after, count) {
  const objects = {};
  for (const [cls, b] of Object.entries(after.objects)) {
    const a = before.objects[cls] ?? { requests: 0, socketMessages: 0, rowsRead: 0, rowsWritten: 0 };
    objects[cls] = Object.fromEntries(Object.entries(b).map(([k, v]) => [k, (v - a[k]) / count]));
  }
  return {
    workerRequests: (after.workerRequests - before.workerRequests) / count,
    objects,
    d1: {
      rowsRead: (after.d1.rowsRead - before.d1.rowsRead) / count,
      rowsWritten: (after.d1.rowsWritten - before.d1.rowsWritten) / count,
    },
    r2: { classA: (after.r2.classA - before.r2.classA) / count, classB: (after.r2.classB - before.r2.classB) / count },
  };
}

/**
 * One scenario: a warm-up `act`, then N of them, each after its `prepare` (not counted: the ledger is
 * read after the preparation has gone quiet).
 */
async function scenario(name, act, prepare = null) {
  await prepare?.();
  await act();
  let total;
  let cpu = 0;
  if (!prepare) {
    const before = await quiet();
    const cpuFrom = cpuSeconds(pids);
    for (let i = 0; i < N; i++) await act();
    const after = await quiet();
    cpu = cpuSeconds(pids) - cpuFrom;
    total = perMessage(before, after, N);
  } else {
    const parts = [];
    for (let i = 0; i < N; i++) {
      await prepare();
      const before = await quiet();
      const cpuFrom = cpuSeconds(pids);
      await act();
      const after = await quiet();
      cpu += cpuSeconds(pids) - cpuFrom;
      parts.push(perMessage(before, after, N));
    }
    total = parts.reduce(add);
  }
  return { name, ...total, cpuMs: (cpu * 1000) / N };
}

function add(x, y) {
  const objects = { ...x.objects };
  for (const [cls, counts] of Object.entries(y.objects))
    objects[cls] = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v + (objects[cls]?.[k] ?? 0)]));
  return {
    workerRequests: x.workerRequests + y.workerRequests,
    objects,
    d1: { rowsRead: x.d1.rowsRead + y.d1.rowsRead, rowsWritten: x.d1.rowsWritten + y.d1.rowsWritten },
    r2: { classA: x.r2.classA + y.r2.classA, classB: x.r2.classB + y.r2.classB },
  };
}

/** Durable Object requests per message: calls, fetches and alarms, and incoming socket messages at 20:1. */
const objectRequests = (r) =>
  Object.values(r.objects).reduce((sum, o) => sum + o.requests + o.socketMessages / SOCKET_MESSAGES_PER_REQUEST, 0);
const sqlite = (r, field) => Object.values(r.objects).reduce((sum, o) => sum + o[field], 0);

/** What one message uses of each priced item. */
const usage = (r) => ({
  workerRequest: r.workerRequests,
  objectRequest: objectRequests(r),
  sqliteRowRead: sqlite(r, 'rowsRead'),
  sqliteRowWritten: sqlite(r, 'rowsWritten'),
  d1RowRead: r.d1.rowsRead,
  d1RowWritten: r.d1.rowsWritten,
  r2ClassA: r.r2.classA,
  r2ClassB: r.r2.classB,
});
const dollarsPerMillion = (r) =>
  Object.entries(usage(r)).reduce((sum, [item, n]) => sum + n * PRICES[item].dollars, 0) * 1e6;
/** Messages a month the Paid plan's included amounts carry: the first item to run out decides. */
const includedMessages = (r) =>
  Math.min(...Object.entries(usage(r)).map(([item, n]) => (n > 0 ? PRICES[item].included / n : Infinity)));

let code = 0;
try {
  const t0 = performance.now();
  const small = await makeGroup(SMALL);
  const big = await makeGroup(BIG);
  await openAll([ALICE, BOB, ...SMALL, ...BIG]);
  await quiet();
  console.log(
    `setup: groups of ${SMALL.length} and ${BIG.length}, ${sockets.size} sockets, in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${N} messages per scenario after one warm-up`,
  );

  const results = [];
  const step = async (...args) => {
    const r = await scenario(...args);
    results.push(r);
    console.log(`  ${r.name}: done`);
  };
  await step('1:1, both online', () => text(ALICE, BOB, false));
  await step('1:1, receiver offline', () => text(ALICE, CAROL, false));
  await step(
    'a read (1:1, one unread message)',
    () => call('/enterprise/im/setMsgIsRead', { toContactId: ALICE, is_group: 0 }, BOB),
    () => text(ALICE, BOB, false),
  );
  await step(`group of ${SMALL.length}, all online`, () => text(SMALL[0], small, true));
  await step(`group of ${BIG.length}, all online`, () => text(BIG[0], big, true));
  // 10% online: the first tenth of each group keeps its socket.
  for (const uid of [...SMALL.slice(SMALL.length / 10), ...BIG.slice(BIG.length / 10)]) await closeSocket(uid);
  await quiet();
  await step(`group of ${SMALL.length}, 10% online`, () => text(SMALL[0], small, true));
  await step(`group of ${BIG.length}, 10% online`, () => text(BIG[0], big, true));
  await step('image, 1:1 (upload + one download)', () => image(ALICE, BOB));

  const classes = [...new Set(results.flatMap((r) => Object.keys(r.objects)))].sort();
  // Sums of tenths carry float noise: a whole number within it prints as one.
  const f = (n) => (Math.abs(n - Math.round(n)) < 1e-9 ? String(Math.round(n)) : n.toFixed(n < 10 ? 2 : 1));
  const count = (n) => (n === Infinity ? '∞' : Math.round(n).toLocaleString('en-US'));
  console.log(
    `\ncost ledger, per message (prices of ${PRICES_READ}, bench/prices.mjs; dollars leave out DO duration and CPU):\n`,
  );
  console.log(
    `| scenario | Worker req | DO req (incl. WS/20) | ${classes.map((c) => `${c} rows r / w`).join(' | ')} | D1 rows r / w | R2 A / B | server CPU ms | $ per M messages | messages/month in the $${PAID_PLAN_DOLLARS_PER_MONTH} plan |`,
  );
  console.log(`|---|---:|---:|${classes.map(() => '---:|').join('')}---:|---:|---:|---:|---:|`);
  for (const r of results) {
    const cls = classes.map((c) => {
      const o = r.objects[c];
      return o ? `${f(o.rowsRead)} / ${f(o.rowsWritten)}` : '0 / 0';
    });
    console.log(
      `| ${r.name} | ${f(r.workerRequests)} | ${f(objectRequests(r))} | ${cls.join(' | ')} | ${f(r.d1.rowsRead)} / ${f(r.d1.rowsWritten)} | ${f(r.r2.classA)} / ${f(r.r2.classB)} | ${r.cpuMs.toFixed(1)} | ${dollarsPerMillion(r).toFixed(2)} | ${count(includedMessages(r))} |`,
    );
  }
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  for (const ws of sockets.values()) ws.close();
  await server.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
process.exit(code);
