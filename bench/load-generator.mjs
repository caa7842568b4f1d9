// The load generator of bench/latency.mjs, in a process of its own: the process that hosts the
// servers (Miniflare, wrangler's config reader) carries a heap of about 150 MB, whose full
// collections stopped its event loop for 15–40 ms at the same moments of every run and showed up as
// the slowest "deliveries" of both scenarios. Here the heap holds only what the measurement needs.
// It gets the servers (url and workerd pids per scenario), the users' tokens and the host's pid over
// IPC, runs the scenarios in turns and prints the figures.
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

import { cpuSeconds, everyProcessCpu, othersCpu, poster } from './measure.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER = process.env.BENCH_SERVER ?? 'workerd';
const DEBUG = !!process.env.BENCH_DEBUG;
const WARMUP_SECONDS = 2;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 500);
const ON_TMPFS = process.env.BENCH_ON_TMPFS === '1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const users = Array.from({ length: PAIRS * 2 }, (_, i) => i + 1);
const sender = (pair) => users[2 * pair];
const receiver = (pair) => users[2 * pair + 1];
/** The bench users' tokens, by user id; from the host. */
let tokens;
/** The pid of the process that hosts the servers (Miniflare), from the host. */
let hostPid;
/** This process, vmstat, the host and the servers: not counted as "other processes". */
let ours;

function openSocket(url, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.onopen = () => resolve(ws);
    ws.onerror = (e) => reject(new Error(`socket failed: ${e.message ?? e.type}`));
    ws.onmessage = (e) => onMessage(String(e.data));
  });
}

/**
 * Opens one receiving socket per pair (`socketUrl`) on the scenario's server; the lane sends one
 * message (`send`) and, at the end, gives the figures (`result`). `pids` are the server's processes.
 */
async function openLane(scenario, server) {
  const { pids } = server;
  const post = poster(server.url);
  const arrivals = new Map();
  const onArrival = (text) => {
    const at = performance.now();
    try {
      const id = scenario.idOf(JSON.parse(text));
      if (id && !arrivals.has(id)) arrivals.set(id, at);
    } catch {
      /* not JSON */
    }
  };
  const sockets = [];
  for (let p = 0; p < PAIRS; p++) sockets.push(await openSocket(await scenario.socketUrl(server, post, p), onArrival));
  const sent = new Map();
  const responded = new Map();
  const inflight = [];
  let count = 0;
  let cpuAtStart = null;
  const lane = {
    name: scenario.name,
    /** Sends this lane's next message; `measured` is false during the warm-up. */
    send(measured) {
      if (measured && cpuAtStart === null) cpuAtStart = cpuSeconds(pids);
      const id = crypto.randomUUID();
      const t0 = performance.now();
      if (measured) sent.set(id, t0);
      inflight.push(
        scenario.sendOne(post, count++ % PAIRS, id).then(
          () => responded.set(id, performance.now()),
          () => undefined,
        ),
      );
    },
    async result(clientMs) {
      await Promise.all(inflight);
      const serverMs = ((cpuSeconds(pids) - cpuAtStart) * 1000) / sent.size;
      await sleep(2000);
      for (const ws of sockets) ws.close();
      const latencies = [...sent]
        .filter(([id]) => arrivals.has(id))
        .map(([id, t0]) => arrivals.get(id) - t0)
        .sort((a, b) => a - b);
      const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
      if (DEBUG) debugReport(sent, responded, arrivals);
      const result = {
        name: scenario.name,
        messages: sent.size,
        delivered: latencies.length,
        p50: q(0.5),
        p99: q(0.99),
        max: latencies.at(-1) ?? NaN,
      };
      console.log(
        `${scenario.name.padEnd(26)} n=${result.messages} delivered=${result.delivered} p50=${result.p50.toFixed(2)} ms p99=${result.p99.toFixed(2)} ms max=${result.max.toFixed(2)} ms; CPU per message: server ${serverMs.toFixed(2)} ms, load generator ${clientMs.toFixed(2)} ms`,
      );
      return result;
    },
  };
  return lane;
}

/** The worst latency in each quarter second, and the slowest messages with their response times. */
function debugReport(sent, responded, arrivals) {
  const first = Math.min(...sent.values());
  const worst = new Map();
  for (const [id, t0] of sent)
    if (arrivals.has(id)) {
      const k = Math.floor((t0 - first) / 250);
      worst.set(k, Math.max(worst.get(k) ?? 0, arrivals.get(id) - t0));
    }
  console.log([...worst].map(([k, ms]) => `${k}:${ms.toFixed(0)}`).join(' '));
  const slow = [...sent].filter(([id, t0]) => arrivals.get(id) - t0 > Number(process.env.BENCH_SLOW_MS ?? 25));
  console.log(
    'slow:',
    slow
      .slice(0, 30)
      .map(
        ([id, t0]) =>
          `${((t0 - first) / 1000).toFixed(2)}s response ${(responded.get(id) - t0).toFixed(0)} delivery ${(arrivals.get(id) - t0).toFixed(0)}`,
      )
      .join(' | '),
  );
}

/**
 * Runs the lanes in turns of WINDOW_MS at RATE messages/s each, so every lane sends for
 * SECONDS (after WARMUP_SECONDS) and all lanes share whatever the machine does meanwhile.
 */
async function interleave(lanes) {
  const perWindow = Math.round((RATE * WINDOW_MS) / 1000);
  const windows = Math.ceil(((SECONDS + WARMUP_SECONDS) * 1000) / WINDOW_MS);
  const warmWindows = Math.ceil((WARMUP_SECONDS * 1000) / WINDOW_MS);
  const client = new Map(lanes.map((l) => [l, 0]));
  const start = performance.now();
  let machineAtStart = null;
  let measuredStart = 0;
  for (let w = 0; w < windows * lanes.length; w++) {
    const lane = lanes[w % lanes.length];
    const measured = Math.floor(w / lanes.length) >= warmWindows;
    if (measured && !machineAtStart) {
      machineAtStart = everyProcessCpu();
      measuredStart = performance.now();
    }
    const windowStart = start + w * WINDOW_MS;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < perWindow; i++) {
      const wait = windowStart + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      lane.send(measured);
    }
    const used = process.cpuUsage(cpu0);
    if (measured) client.set(lane, client.get(lane) + used.user + used.system);
    const rest = windowStart + WINDOW_MS - performance.now();
    if (rest > 0) await sleep(rest);
  }
  const machineAtEnd = everyProcessCpu();
  const others = othersCpu(machineAtStart, machineAtEnd, ours);
  const seconds = (performance.now() - measuredStart) / 1000;
  const results = [];
  for (const lane of lanes) results.push(await lane.result(client.get(lane) / 1000 / (RATE * SECONDS)));
  const hostMs = ((machineAtEnd.get(hostPid)?.ticks ?? 0) - (machineAtStart.get(hostPid)?.ticks ?? 0)) * 10;
  console.log(
    `other processes' CPU during the measured ${seconds.toFixed(1)} s: ${(others.total / seconds / 10).toFixed(1)}% of a core (${others.top.map((p) => `${p.comm} ${p.ms} ms`).join(', ') || 'none'}); the process hosting the servers ${hostMs} ms`,
  );
  return results;
}

const vmstat = spawn('vmstat', ['1'], { stdio: ['ignore', 'pipe', 'ignore'] });
const steal = [];
vmstat.stdout.on('data', (chunk) => {
  for (const line of String(chunk).trim().split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (/^\d+$/.test(cols[0] ?? '')) steal.push(Number(cols[16]));
  }
});

const wsBase = (server) => server.url.replace('http', 'ws');
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; node ${process.version}; ${new Date().toISOString()}`,
);
console.log(
  `load: ${PAIRS} pairs, ${RATE} messages/s for ${SECONDS} s after ${WARMUP_SECONDS} s warm-up, per scenario, in turns of ${WINDOW_MS} ms; ${SERVER === 'wrangler' ? 'wrangler dev, X_LOCAL_OBSERVABILITY=false' : 'workerd via Miniflare, a socket straight to the Worker'}; storage on ${ON_TMPFS ? 'tmpfs' : 'disk'}`,
);
const FLOOR = {
  name: 'bare Durable Object echo',
  socketUrl: async (server, _post, p) => `${wsBase(server)}/echo?room=pair${p}`,
  sendOne: (post, p, id) => post(`/echo?room=pair${p}`, JSON.stringify({ id })),
  idOf: (frame) => frame.id,
};
const PARLEY = {
  name: 'Parley 1:1 send→deliver',
  socketUrl: async (server, post, p) => {
    const { data } = (
      await post('/common/pub/wsTicket', { device_id: `bench${receiver(p)}` }, tokens.get(receiver(p)))
    ).json();
    return `${wsBase(server)}/wss?ticket=${data.ticket}`;
  },
  sendOne: (post, p, id) =>
    post(
      '/enterprise/im/sendMessage',
      { id, type: 'text', content: `bench ${id}`, toContactId: receiver(p), is_group: 0 },
      tokens.get(sender(p)),
    ),
  idOf: (frame) => (frame.type === 'simple' ? frame.data.id : null),
};
const SCENARIOS = { floor: FLOOR, parley: PARLEY };
const { servers, tokens: tokenList, host } = await new Promise((resolve) => process.once('message', resolve));
tokens = new Map(tokenList);
hostPid = String(host);
ours = new Set([String(process.pid), String(vmstat.pid), String(hostPid), ...servers.flatMap((s) => s.pids)]);
const lanes = [];
for (const server of servers) lanes.push(await openLane(SCENARIOS[server.scenario], server));
const results = await interleave(lanes);
const floor = results[servers.findIndex((s) => s.scenario === 'floor')];
const parley = results[servers.findIndex((s) => s.scenario === 'parley')];
vmstat.kill();
console.log(
  `hypervisor steal (vmstat st) during the run: mean ${(steal.reduce((a, b) => a + b, 0) / Math.max(1, steal.length)).toFixed(1)}%, max ${Math.max(0, ...steal)}%`,
);
if (floor && parley)
  console.log(
    `p99 ratio Parley/floor: ${(parley.p99 / floor.p99).toFixed(2)}x (target <= 2x); targets p50 <= 5 ms, p99 <= 25 ms`,
  );
process.exit(0);
