// Group fan-out: send → every member's socket, loopback only, bounded in time.
// One group of BENCH_GROUP_MEMBERS (500) seeded users, built through the API the way a client does
// (`/enterprise/group/add` with the first 20, then `addGroupUser` in chunks of 20); every member has
// one socket open (ticket flow, as bench/latency.mjs). Three phases on the same server, one after the
// other, each BENCH_GROUP_SECONDS (10) measured after 2 s of warm-up:
//   direct  one-to-one messages at BENCH_GROUP_RATE_DIRECT (20/s) between members, sockets open
//           (the same server's one-to-one figure, and the CPU a message costs without fan-out);
//   a       group messages at BENCH_GROUP_RATE_A (5/s) from BENCH_GROUP_SENDERS (5) members:
//           send → every other member's `group` frame (targets p50 ≤ 50 ms, p99 ≤ 250 ms);
//   b       group messages at BENCH_GROUP_RATE_B (20/s): the same, reported separately for the
//           BENCH_GROUP_OPEN (50) members who "have the chat open" (the server does not know who
//           has a chat open: all members get the same `group` frame, which is also what moves the
//           chat list's last message) and for all (targets: open p99 ≤ 150 ms, all p99 ≤ 2 s).
// Every member's frames are counted by message id: a message missing at a member, or arriving twice,
// is reported (both must be 0). Server CPU per message is the bench's workerd processes' user + system
// time from /proc, from the first measured send until the last member had the last message.
//
// Two processes, as bench/latency.mjs: this file builds the Worker, seeds the users, starts the
// server and signs the tokens, then forks itself as the load generator (BENCH_GROUP_ROLE=generator),
// whose small heap does the sending, receiving and counting.
// Run alone: `node bench/group.mjs` or `BENCH_ONLY=group npm run bench`; BENCH_GROUP_ONLY=direct|a|b
// for one phase; BENCH_STATE=disk for storage on disk instead of tmpfs; BENCH_GROUP_ONLINE=N opens
// sockets for N members only (the open-chat ones first): the others are offline, and only the online
// ones are expected to receive (a big group skips members without a socket, worker/durable/conversation/fanout/parking.ts).
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { cpuSeconds, everyProcessCpu, othersCpu, poster } from './measure.mjs';

const MEMBERS = Number(process.env.BENCH_GROUP_MEMBERS ?? 500);
const SECONDS = Number(process.env.BENCH_GROUP_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const RATE_A = Number(process.env.BENCH_GROUP_RATE_A ?? 5);
const RATE_B = Number(process.env.BENCH_GROUP_RATE_B ?? 20);
const RATE_DIRECT = Number(process.env.BENCH_GROUP_RATE_DIRECT ?? 20);
const SENDERS = Number(process.env.BENCH_GROUP_SENDERS ?? 5);
const OPEN = Number(process.env.BENCH_GROUP_OPEN ?? 50);
/** Members with a socket; the rest stay offline (a big group skips them: worker/durable/conversation/fanout/parking.ts). */
const ONLINE = Math.min(MEMBERS, Number(process.env.BENCH_GROUP_ONLINE ?? MEMBERS));
const ONLY = process.env.BENCH_GROUP_ONLY;
/** The longest a phase waits after its last send for every member to have every message. */
const DRAIN_TIMEOUT_MS = 30_000;
const CHUNK = 20; // the most `add` / `addGroupUser` take per call
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const members = Array.from({ length: MEMBERS }, (_, i) => i + 1); // user ids; 1 owns the group

// ---------------------------------------------------------------------------------------------
// The host: build, seed, serve, sign, fork.

async function host() {
  const { SignJWT } = await import('jose');
  const { ROOT, applySql, fileExists, run, bin } = await import('../scripts/lib.mjs');
  const { BUILT_CONFIG } = await import('../scripts/server.mjs');
  const { startWorkerd } = await import('../scripts/workerd-server.mjs');
  const onTmpfs = process.env.BENCH_STATE !== 'disk' && fileExists('/dev/shm');
  if (!fileExists(BUILT_CONFIG)) await run(bin('vite'), ['build']);

  const secret = randomBytes(32).toString('hex');
  const key = new TextEncoder().encode(secret);
  const token = async (uid) =>
    `bearer ${await new SignJWT({ uid, roles: ['user'], permissions: [], ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').setJti(crypto.randomUUID()).sign(key)}`;
  const tokens = await Promise.all(members.map(async (u) => [u, await token(u)]));

  const stateDir = mkdtempSync(join(onTmpfs ? '/dev/shm' : tmpdir(), 'parley-bench-group-'));
  let code;
  try {
    const seed = join(stateDir, 'bench-users.sql');
    writeFileSync(
      seed,
      `${readFileSync(join(ROOT, 'schema.sql'), 'utf8')}\n` +
        members
          .map(
            (id) =>
              `INSERT INTO users (user_id, account, realname, password_hash, create_time, update_time) VALUES (${id}, 'bench${id}', 'Bench ${id}', 'unusable', 0, 0);`,
          )
          .join('\n'),
    );
    await applySql({ persistTo: stateDir, file: seed, config: BUILT_CONFIG });
    const server = await startWorkerd({
      stateDir,
      applySchema: false,
      vars: { JWT_SECRET: secret, DEV_MAILBOX: 'true' },
    });
    try {
      const pids = workerdPids(process.pid);
      if (pids.length === 0) throw new Error('no workerd process under this one');
      const child = fork(fileURLToPath(import.meta.url), {
        env: { ...process.env, BENCH_GROUP_ROLE: 'generator', BENCH_ON_TMPFS: onTmpfs ? '1' : '0' },
      });
      child.send({ url: server.url, pids, tokens, host: process.pid });
      [code] = await once(child, 'exit');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
  process.exit(code ?? 1);
}

/**
 * The workerd processes this process started (its descendants): other work on a shared machine may
 * run servers of its own at the same time, which a "new since before the start" rule would count.
 */
function workerdPids(root) {
  const procs = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      procs.set(pid, { ppid, comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      /* ended */
    }
  }
  const under = (pid) => {
    for (let p = pid, hops = 0; p && p !== '0' && hops < 20; p = procs.get(p)?.ppid, hops++)
      if (p === String(root)) return true;
    return false;
  };
  return [...procs].filter(([pid, { comm }]) => comm === 'workerd' && under(pid)).map(([pid]) => pid);
}

// ---------------------------------------------------------------------------------------------
// The load generator.

const quantiles = (values) => {
  const sorted = Float64Array.from(values).sort();
  const q = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { n: sorted.length, p50: q(0.5), p99: q(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
};
const fmt = ({ n, p50, p99, max }) =>
  `n=${n} p50=${p50.toFixed(1)} ms p99=${p99.toFixed(1)} ms max=${max.toFixed(1)} ms`;

async function generator() {
  const {
    url,
    pids,
    tokens: tokenList,
    host: hostPid,
  } = await new Promise((resolve) => process.once('message', resolve));
  const tokens = new Map(tokenList);
  const post = poster(url, 64);
  const vmstat = spawn('vmstat', ['1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const steal = [];
  vmstat.stdout.on('data', (chunk) => {
    for (const line of String(chunk).trim().split('\n')) {
      const cols = line.trim().split(/\s+/);
      if (/^\d+$/.test(cols[0] ?? '')) steal.push(Number(cols[16]));
    }
  });
  const ours = new Set([String(process.pid), String(vmstat.pid), String(hostPid), ...pids]);
  const call = async (path, body, uid) => {
    const res = await post(path, body, tokens.get(uid));
    const json = res.status === 200 ? res.json() : null;
    if (!json || json.code !== 0) throw new Error(`${path} as ${uid}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return json.data;
  };

  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; ${new Date().toISOString()}`,
  );
  console.log(
    `group fan-out: ${MEMBERS} members, ${ONLINE} online (one socket each); ${SENDERS} senders; ${SECONDS} s per phase after ${WARMUP_SECONDS} s warm-up; workerd via Miniflare, a socket straight to the Worker; storage on ${process.env.BENCH_ON_TMPFS === '1' ? 'tmpfs' : 'disk'}`,
  );

  // The group, as a client builds it: `add` with the first 20, then `addGroupUser` 20 at a time.
  let t = performance.now();
  const owner = members[0];
  const card = await call('/enterprise/group/add', { user_ids: members.slice(1, CHUNK), name: 'Bench group' }, owner);
  const group = typeof card.id === 'string' && card.id.startsWith('group-') ? card.id : `group-${card.group_id}`;
  for (let i = CHUNK; i < MEMBERS; i += CHUNK)
    await call('/enterprise/group/addGroupUser', { id: group, user_ids: members.slice(i, i + CHUNK) }, owner);
  const roster = await call('/enterprise/group/groupUserList', { group_id: group }, owner);
  if (roster.length !== MEMBERS) throw new Error(`${group} has ${roster.length} members, not ${MEMBERS}`);
  console.log(
    `setup: ${group} with ${roster.length} members in ${((performance.now() - t) / 1000).toFixed(1)} s (1 add + ${Math.ceil((MEMBERS - CHUNK) / CHUNK)} addGroupUser)`,
  );

  // What the sockets see. A frame is matched by its message id (the client's uuid) without parsing
  // the whole frame: 500 sockets × 20 messages/s is 10,000 frames a second for this process.
  let phase = null; // { kind: 'group'|'simple', messages: Map<id, record> }
  const ID = /"id":"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/;
  const onFrame = (member, text) => {
    if (!phase) return;
    const at = performance.now();
    if (!text.startsWith(`{"type":"${phase.kind}"`)) return;
    const m = ID.exec(text);
    const record = m && phase.messages.get(m[1]);
    if (!record) return;
    if (record.count[member]++ === 0) record.at[member] = at;
  };

  const senders = members.slice(0, SENDERS);
  const openChat = Array.from({ length: Math.min(OPEN, MEMBERS - SENDERS) }, (_, i) => MEMBERS - 1 - i); // member indexes, none a sender
  /** Member indexes with a socket: the open-chat ones, then the first ones (senders included). */
  const online = [...new Set([...openChat, ...members.map((_, i) => i)])]
    .slice(0, Math.max(ONLINE, openChat.length))
    .sort((x, y) => x - y);

  t = performance.now();
  const sockets = [];
  const openOne = async (index) => {
    const uid = members[index];
    const { ticket } = await call('/common/pub/wsTicket', { device_id: `bench${uid}` }, uid);
    sockets[index] = await new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/wss?ticket=${ticket}`);
      ws.onopen = () => resolve(ws);
      ws.onerror = (e) => reject(new Error(`socket of ${uid} failed: ${e.message ?? e.type}`));
      ws.onmessage = (e) => onFrame(index, String(e.data));
    });
  };
  for (let i = 0; i < online.length; i += 25) await Promise.all(online.slice(i, i + 25).map((index) => openOne(index)));
  console.log(
    `sockets: ${online.length} open (${MEMBERS - online.length} members offline) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  await sleep(2000);
  // What the server uses with every socket open and nothing sent; at 5 messages/s it is a visible
  // share of the CPU per message, so each phase gives its figure both with and without it.
  const idleFrom = cpuSeconds(pids);
  const idleStart = performance.now();
  await sleep(3000);
  const idleShare = (cpuSeconds(pids) - idleFrom) / ((performance.now() - idleStart) / 1000);
  console.log(`server CPU idle (sockets open, nothing sent): ${(idleShare * 100).toFixed(1)}% of a core`);

  /** One-to-one receivers: members that send nothing, one per message in turn. */
  const directReceivers = online.filter((m) => m >= SENDERS).slice(0, 50);

  /**
   * Sends at `rate` for WARMUP + SECONDS, waits until every expected socket has every message (at
   * most DRAIN_TIMEOUT_MS), and returns the records of every message sent.
   */
  async function runPhase(name, kind, rate) {
    const messages = new Map();
    phase = { kind, messages };
    const total = Math.round(rate * (WARMUP_SECONDS + SECONDS));
    const warm = Math.round(rate * WARMUP_SECONDS);
    const inflight = [];
    let cpuStart = 0;
    let machineStart = null;
    let stealFrom = 0;
    let measuredStart = 0;
    const start = performance.now();
    let ownCpu = null;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const measured = i >= warm;
      if (measured && i === warm) {
        cpuStart = cpuSeconds(pids);
        machineStart = everyProcessCpu();
        stealFrom = steal.length;
        measuredStart = performance.now();
        ownCpu = process.cpuUsage();
        loopDelay.enable();
      }
      const sender = senders[i % senders.length];
      const id = crypto.randomUUID();
      // Who must get it: every member (the sender's own copy included) for a group message; the
      // receiver for a one-to-one message (its sender's own copy is not counted).
      const receiver = kind === 'simple' ? directReceivers[i % directReceivers.length] : -1;
      const record = {
        id,
        sender: sender - 1,
        receiver,
        measured,
        t0: performance.now(),
        response: NaN,
        ok: false,
        at: new Float64Array(MEMBERS),
        count: new Uint16Array(MEMBERS),
      };
      messages.set(id, record);
      const body =
        kind === 'group'
          ? { id, type: 'text', content: `bench ${id}`, toContactId: group, is_group: 1 }
          : { id, type: 'text', content: `bench ${id}`, toContactId: members[receiver], is_group: 0 };
      inflight.push(
        post('/enterprise/im/sendMessage', body, tokens.get(sender)).then(
          (res) => {
            record.response = performance.now() - record.t0;
            record.ok = res.status === 200 && res.json().code === 0;
            if (!record.ok) console.log(`${name}: send refused: HTTP ${res.status} ${res.text.slice(0, 200)}`);
          },
          (error) => console.log(`${name}: send failed: ${error.message}`),
        ),
      );
    }
    await Promise.all(inflight);
    const sendEnd = performance.now();
    const complete = (r) => (r.receiver >= 0 ? r.count[r.receiver] > 0 : online.every((m) => r.count[m] > 0));
    while (performance.now() - sendEnd < DRAIN_TIMEOUT_MS && ![...messages.values()].every((r) => !r.ok || complete(r)))
      await sleep(50);
    const drained = performance.now();
    const serverCpu = cpuSeconds(pids) - cpuStart;
    const own = process.cpuUsage(ownCpu);
    loopDelay.disable();
    const others = othersCpu(machineStart, everyProcessCpu(), ours);
    const stealSeen = steal.slice(stealFrom);
    const seconds = (drained - measuredStart) / 1000;
    await sleep(1000); // late duplicates
    phase = null;
    const measured = [...messages.values()].filter((r) => r.measured && r.ok);
    return {
      name,
      kind,
      rate,
      messages,
      measured,
      seconds,
      drainMs: drained - sendEnd,
      serverMsPerMessage: (serverCpu * 1000) / measured.length,
      serverNetMsPerMessage: ((serverCpu - idleShare * seconds) * 1000) / measured.length,
      generator: `${((own.user + own.system) / 1000 / ((drained - measuredStart) / 100)).toFixed(0)}% of a core, event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
      others: `${(others.total / seconds / 10).toFixed(1)}% of a core (${others.top.map((p) => `${p.comm} ${p.ms} ms`).join(', ') || 'none'})`,
      steal: `mean ${(stealSeen.reduce((a, b) => a + b, 0) / Math.max(1, stealSeen.length)).toFixed(1)}%, max ${Math.max(0, ...stealSeen)}%`,
    };
  }

  /** Lost = a member without the message once the phase drained; duplicated = a member with it twice. */
  function integrity(result) {
    let lost = 0;
    let duplicated = 0;
    let expected = 0;
    let refused = 0;
    for (const r of result.messages.values()) {
      if (!r.ok) {
        refused++;
        continue;
      }
      const targets = r.receiver >= 0 ? [r.receiver] : online;
      for (const m of targets) {
        expected++;
        if (r.count[m] === 0) lost++;
        if (r.count[m] > 1) duplicated += r.count[m] - 1;
      }
    }
    return { expected, lost, duplicated, refused };
  }

  const latencies = (result, who) => {
    const out = [];
    for (const r of result.measured) for (const m of who(r)) if (r.count[m] > 0) out.push(r.at[m] - r.t0);
    return quantiles(out);
  };
  const everyoneElse = (r) => online.filter((m) => m !== r.sender);
  const report = (result, extra = []) => {
    const { expected, lost, duplicated, refused } = integrity(result);
    console.log(
      `\n[${result.name}] ${result.rate} messages/s, ${result.measured.length} measured messages in ${result.seconds.toFixed(1)} s (drained ${result.drainMs.toFixed(0)} ms after the last response)`,
    );
    console.log(`  sender's response: ${fmt(quantiles(result.measured.map((r) => r.response)))}`);
    for (const line of extra) console.log(`  ${line}`);
    console.log(`  deliveries: ${expected} expected, lost ${lost}, duplicated ${duplicated}, sends refused ${refused}`);
    console.log(
      `  server CPU per message ${result.serverMsPerMessage.toFixed(2)} ms, ${result.serverNetMsPerMessage.toFixed(2)} ms above idle (${(((result.serverMsPerMessage * result.measured.length) / 1000 / result.seconds) * 100).toFixed(0)}% of a core); other processes' CPU ${result.others}; steal ${result.steal}`,
    );
    console.log(`  load generator (sends, 1 socket per member, counting): ${result.generator}`);
    return { lost, duplicated };
  };

  const results = {};
  let failures = 0;
  if (!ONLY || ONLY === 'direct') {
    const r = await runPhase(`one-to-one, same server, ${MEMBERS} sockets open`, 'simple', RATE_DIRECT);
    const lat = latencies(r, (m) => [m.receiver]);
    const { lost, duplicated } = report(r, [`send → receiver's socket: ${fmt(lat)}`]);
    failures += lost + duplicated;
    results.direct = { ...r, lat };
  }
  if (!ONLY || ONLY === 'a') {
    const r = await runPhase(`a: group of ${MEMBERS}, ${online.length} online`, 'group', RATE_A);
    const lat = latencies(r, everyoneElse);
    const last = quantiles(r.measured.map((m) => Math.max(...everyoneElse(m).map((i) => m.at[i])) - m.t0));
    const { lost, duplicated } = report(r, [
      `send → every other member's socket: ${fmt(lat)}  (target p50 <= 50 ms: ${lat.p50 <= 50 ? 'met' : 'NOT met'}; p99 <= 250 ms: ${lat.p99 <= 250 ? 'met' : 'NOT met'})`,
      `send → the last member's socket, per message: ${fmt(last)}`,
    ]);
    failures += lost + duplicated;
    results.a = { ...r, lat };
  }
  if (!ONLY || ONLY === 'b') {
    const r = await runPhase(
      `b: group of ${MEMBERS}, ${online.length} online, ${openChat.length} with the chat open`,
      'group',
      RATE_B,
    );
    const lat = latencies(r, everyoneElse);
    const open = latencies(r, () => openChat);
    const last = quantiles(r.measured.map((m) => Math.max(...everyoneElse(m).map((i) => m.at[i])) - m.t0));
    const { lost, duplicated } = report(r, [
      `the server does not know who has the chat open: all ${MEMBERS} get the same \`group\` frame`,
      `send → the ${openChat.length} open-chat members' sockets: ${fmt(open)}  (target p99 <= 150 ms: ${open.p99 <= 150 ? 'met' : 'NOT met'})`,
      `send → every other member's socket (chat list's last message): ${fmt(lat)}  (target p99 <= 2000 ms: ${lat.p99 <= 2000 ? 'met' : 'NOT met'})`,
      `send → the last member's socket, per message: ${fmt(last)}`,
    ]);
    failures += lost + duplicated;
    results.b = { ...r, lat };
  }
  if (results.direct && (results.a || results.b)) {
    // A one-to-one message reaches two UserHubs (the receiver's and the sender's own copy); a group
    // message reaches every member's. The difference per extra hub is what one delivery costs.
    for (const key of ['a', 'b'])
      if (results[key]) {
        // Offline members of a big group cost nothing per message once parked: count the online ones.
        const perHub =
          (results[key].serverNetMsPerMessage - results.direct.serverNetMsPerMessage) / (online.length - 2);
        console.log(
          `server CPU above idle per member delivery (${key} − one-to-one) ÷ ${online.length - 2} online members: ${perHub.toFixed(3)} ms; × ${online.length} = ${(perHub * online.length).toFixed(0)} ms per group message; at ${results[key].rate}/s that is ${((perHub * online.length * results[key].rate) / 10).toFixed(0)}% of a core`,
        );
      }
  }
  for (const ws of sockets) ws?.close();
  vmstat.kill();
  console.log(
    `hypervisor steal (vmstat st) over the whole run: mean ${(steal.reduce((a, b) => a + b, 0) / Math.max(1, steal.length)).toFixed(1)}%, max ${Math.max(0, ...steal)}%`,
  );
  if (failures > 0) console.log(`FAILED: ${failures} deliveries lost or duplicated`);
  process.exit(failures > 0 ? 1 : 0);
}

// Last, so every helper above is initialised before either role runs.
if (process.env.BENCH_GROUP_ROLE === 'generator') await generator();
else await host();
