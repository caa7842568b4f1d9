// Send→deliver latency of one-to-one messages, loopback only, bounded in time.
// 100 user pairs; senders POST sendMessage at a combined 200 messages/s; each receiver's
// socket records when the message arrives. In the same run, the same schedule against a bare
// Durable Object echo (POST → Worker → EchoHub → socket) measures the floor of this stack.
// Runs the built Worker in workerd through Miniflare directly (BENCH_SERVER=workerd, the default),
// or under `wrangler dev` with X_LOCAL_OBSERVABILITY=false (BENCH_SERVER=wrangler, ARCHITECTURE §7),
// whose proxy process doubles the CPU of every request on this machine.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { ROOT, applySql, fileExists, run, bin } from '../scripts/lib.mjs';
import { BUILT_CONFIG, startServer } from '../scripts/server.mjs';
import { startWorkerd } from '../scripts/workerd-server.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER = process.env.BENCH_SERVER ?? 'workerd';
const WARMUP_SECONDS = 2;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fileExists(BUILT_CONFIG)) await run(bin('vite'), ['build']);

const secret = randomBytes(32).toString('hex');
// The hubs' SQLite files live on tmpfs when the machine has one (BENCH_STATE=disk to measure the
// disk): on this VM every storage commit waits about a millisecond for the virtual disk's fsync,
// which measures the disk rather than the code (BENCHMARKS.md has both).
const onTmpfs = process.env.BENCH_STATE !== 'disk' && fileExists('/dev/shm');
const stateDir = mkdtempSync(join(onTmpfs ? '/dev/shm' : tmpdir(), 'parley-bench-'));
const users = Array.from({ length: PAIRS * 2 }, (_, i) => i + 1);
const seed = join(stateDir, 'bench-users.sql');
writeFileSync(seed, `${readFileSync(join(ROOT, 'schema.sql'), 'utf8')}\n` + users.map((id) =>
  `INSERT INTO users (user_id, account, realname, password_hash, create_time, update_time) VALUES (${id}, 'bench${id}', 'Bench ${id}', 'unusable', 0, 0);`).join('\n'));
await applySql({ persistTo: stateDir, file: seed, config: BUILT_CONFIG });
const vars = { JWT_SECRET: secret, DEV_MAILBOX: 'true' };
const server = SERVER === 'wrangler' ? await startServer({ stateDir, vars }) : await startWorkerd({ stateDir, applySchema: false, vars });
const key = new TextEncoder().encode(secret);
const token = async (uid) => `bearer ${await new SignJWT({ uid, roles: ['user'], permissions: [], ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').setJti(crypto.randomUUID()).sign(key)}`;
const tokens = new Map(await Promise.all(users.map(async (u) => [u, await token(u)])));
// node:http with keep-alive costs the load generator a fraction of what fetch() does, and the
// load generator shares the machine's two cores with the server.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const { hostname, port } = new URL(server.url);
function post(path, body, auth) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(auth ? { authorization: auth } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: () => Buffer.concat(chunks).toString(), json: () => JSON.parse(Buffer.concat(chunks).toString()) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function openSocket(url, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.onopen = () => resolve(ws);
    ws.onerror = (e) => reject(new Error(`socket failed: ${e.message ?? e.type}`));
    ws.onmessage = (e) => onMessage(String(e.data));
  });
}

const wsUrl = server.url.replace('http', 'ws');
const arrivals = new Map();
const onArrival = (text) => {
  const at = performance.now();
  try {
    const frame = JSON.parse(text);
    const id = frame.type === 'simple' ? frame.data.id : frame.id;
    if (id && !arrivals.has(id)) arrivals.set(id, at);
  } catch { /* pong and init frames */ }
};

const sockets = [];
for (let p = 0; p < PAIRS; p++) {
  const receiver = users[2 * p + 1];
  const { data } = (await post('/common/pub/wsTicket', { device_id: `bench${receiver}` }, tokens.get(receiver))).json();
  sockets.push(await openSocket(`${wsUrl}/wss?ticket=${data.ticket}`, onArrival));
  sockets.push(await openSocket(`${wsUrl}/dev/echo?room=pair${p}`, onArrival));
}

/** The server's processes (workerd and, under wrangler, its proxy), found once: /proc is slow to scan. */
const serverPids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((pid) => {
  try { return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd'; } catch { return false; }
});

/** CPU seconds used so far by the server's processes. */
function serverCpuSeconds() {
  let ticks = 0;
  for (const pid of serverPids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    } catch { /* the process ended meanwhile */ }
  }
  return ticks / 100; // USER_HZ
}

async function phase(name, sendOne) {
  const sent = new Map();
  const responded = new Map();
  let cpuAtStart = null;
  let clientAtStart = null;
  const total = RATE * (SECONDS + WARMUP_SECONDS);
  const start = performance.now();
  const inflight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (i === RATE * WARMUP_SECONDS) (cpuAtStart = serverCpuSeconds()), (clientAtStart = process.cpuUsage());
    const id = crypto.randomUUID();
    const t0 = performance.now();
    if (i >= RATE * WARMUP_SECONDS) sent.set(id, t0);
    inflight.push(sendOne(i % PAIRS, id).then(() => responded.set(id, performance.now())).catch(() => undefined));
  }
  await Promise.all(inflight);
  const serverMs = ((serverCpuSeconds() - cpuAtStart) * 1000) / sent.size;
  const client = process.cpuUsage(clientAtStart);
  const clientMs = (client.user + client.system) / 1000 / sent.size;
  await sleep(2000);
  const latencies = [...sent].filter(([id]) => arrivals.has(id)).map(([id, t0]) => arrivals.get(id) - t0).sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  if (process.env.BENCH_DEBUG) {
    const t00 = Math.min(...sent.values());
    const bySecond = new Map();
    for (const [id, t0] of sent) if (arrivals.has(id)) { const k = Math.floor((t0 - t00) / 250); (bySecond.get(k) ?? bySecond.set(k, []).get(k)).push(arrivals.get(id) - t0); }
    console.log([...bySecond].map(([k, l]) => `${k}:${Math.max(...l).toFixed(0)}`).join(' '));
    const slow = [...sent].filter(([id, t0]) => arrivals.get(id) - t0 > 30).map(([id, t0]) => `${((t0 - t00) / 1000).toFixed(2)}s resp ${(responded.get(id) - t0).toFixed(0)} deliver ${(arrivals.get(id) - t0).toFixed(0)}`);
    console.log('slow:', slow.slice(0, 40).join(' | '));
  }
  const result = { name, messages: sent.size, delivered: latencies.length, p50: q(0.5) ?? NaN, p99: q(0.99) ?? NaN, max: latencies.at(-1) ?? NaN };
  console.log(`${name.padEnd(28)} n=${result.messages} delivered=${result.delivered} p50=${result.p50.toFixed(2)} ms p99=${result.p99.toFixed(2)} ms max=${result.max.toFixed(2)} ms; CPU per message: server ${serverMs.toFixed(2)} ms, load generator ${clientMs.toFixed(2)} ms`);
  return result;
}

const vmstat = spawn('vmstat', ['1'], { stdio: ['ignore', 'pipe', 'ignore'] });
const steal = [];
vmstat.stdout.on('data', (chunk) => {
  for (const line of String(chunk).trim().split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (/^\d+$/.test(cols[0] ?? '')) steal.push(Number(cols[16]));
  }
});

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; ${new Date().toISOString()}`);
console.log(`load: ${PAIRS} pairs, ${RATE} messages/s for ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; ${SERVER === 'wrangler' ? 'wrangler dev, X_LOCAL_OBSERVABILITY=false' : 'workerd via Miniflare, a socket straight to the Worker'}; storage on ${onTmpfs ? 'tmpfs' : 'disk'}`);
const floor = process.env.BENCH_ONLY === 'parley' ? { p99: NaN } : await phase('bare Durable Object echo', (p, id) => post(`/dev/echo?room=pair${p}`, JSON.stringify({ id })));
const parley = await phase('Parley 1:1 send→deliver', (p, id) =>
  post('/enterprise/im/sendMessage', { id, type: 'text', content: `bench ${id}`, toContactId: users[2 * p + 1], is_group: 0 }, tokens.get(users[2 * p])));
vmstat.kill();
console.log(`hypervisor steal (vmstat st) during the run: mean ${(steal.reduce((a, b) => a + b, 0) / Math.max(1, steal.length)).toFixed(1)}%, max ${Math.max(0, ...steal)}%`);
console.log(`p99 ratio Parley/floor: ${(parley.p99 / floor.p99).toFixed(2)}x (target <= 2x); targets p50 <= 5 ms, p99 <= 25 ms`);
for (const ws of sockets) ws.close();
await server.stop();
rmSync(stateDir, { recursive: true, force: true });
process.exit(0);
