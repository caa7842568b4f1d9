// Send→deliver latency of one-to-one messages, loopback only, bounded in time.
// 100 user pairs; senders POST sendMessage at a combined 200 messages/s; each receiver's socket
// records when the message arrives. In the same run, the same schedule against a bare Durable
// Object echo (POST → Worker → EchoHub → socket, bench/floor/worker.mjs, in a workerd of its own)
// measures the floor of this stack. Each scenario
// gets its own server with fresh storage, and the two take turns of half a second, so both meet
// the same moments of a shared machine (its hypervisor steals whole milliseconds at times, and its
// kernel's memory monitor takes a core for tens of milliseconds twice a second: the run prints the
// CPU other processes used while it measured).
//
// Two processes: this one builds the Worker, starts the servers and makes the users' tokens;
// bench/load-generator.mjs, forked with those, sends, receives and prints the figures (a load
// generator sharing this process's ~150 MB heap stopped for its full collections, 15–40 ms).
//
// The server is the built Worker in workerd through Miniflare, on a socket bound straight to the
// Worker (BENCH_SERVER=workerd, the default), or `wrangler dev` with X_LOCAL_OBSERVABILITY=false
// (BENCH_SERVER=wrangler, with the trace database off), whose proxy process doubles the CPU of every request.
// Knobs: BENCH_PAIRS (100), BENCH_RATE (200 messages/s), BENCH_SECONDS (10, after 2 s warm-up),
// BENCH_WINDOW_MS (500, the length of a turn), BENCH_STATE=disk (storage on disk instead of
// tmpfs), BENCH_ONLY=parley|floor, BENCH_DEBUG=1 (with BENCH_SLOW_MS, 25: what it lists as slow).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';

import { applySql, bin, fileExists, ROOT, run } from '../scripts/lib.mjs';
import { BUILT_CONFIG, startServer } from '../scripts/server.mjs';
import { startFloor, startWorkerd } from '../scripts/workerd-server.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const SERVER = process.env.BENCH_SERVER ?? 'workerd';
const ONLY = process.env.BENCH_ONLY;
// The hubs' SQLite files live on tmpfs when the machine has one: on this VM every storage commit
// waits about a millisecond for the virtual disk's fsync, which measures the disk rather than the
// code (BENCHMARKS.md has both).
const ON_TMPFS = process.env.BENCH_STATE !== 'disk' && fileExists('/dev/shm');

if (!fileExists(BUILT_CONFIG)) await run(bin('vite'), ['build']);

const secret = randomBytes(32).toString('hex');
const key = new TextEncoder().encode(secret);
const users = Array.from({ length: PAIRS * 2 }, (_, i) => i + 1);
const token = async (uid) =>
  `bearer ${await new SignJWT({ uid, roles: ['user'], permissions: [], ver: 0 }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').setJti(crypto.randomUUID()).sign(key)}`;
const tokens = await Promise.all(users.map(async (u) => [u, await token(u)]));

/** A server on fresh storage with the bench users, for the length of `body`. */
async function withServer(body) {
  const stateDir = mkdtempSync(join(ON_TMPFS ? '/dev/shm' : tmpdir(), 'parley-bench-'));
  try {
    const seed = join(stateDir, 'bench-users.sql');
    writeFileSync(
      seed,
      `${readFileSync(join(ROOT, 'schema.sql'), 'utf8')}\n` +
        users
          .map(
            (id) =>
              `INSERT INTO users (user_id, account, realname, password_hash, create_time, update_time) VALUES (${id}, 'bench${id}', 'Bench ${id}', 'unusable', 0, 0);`,
          )
          .join('\n'),
    );
    await applySql({ persistTo: stateDir, file: seed, config: BUILT_CONFIG });
    const vars = { JWT_SECRET: secret, DEV_MAILBOX: 'true' };
    const server =
      SERVER === 'wrangler'
        ? await startServer({ stateDir, vars })
        : await startWorkerd({ stateDir, applySchema: false, vars });
    try {
      return await body(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** The floor's server (always workerd through Miniflare, whatever BENCH_SERVER says), for the length of `body`. */
async function withFloor(body) {
  const server = await startFloor();
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

/** The servers' processes (workerd and, under wrangler, its proxy); /proc is scanned once per server start. */
function workerdPids() {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'workerd';
      } catch {
        return false;
      }
    });
}

/** Starts each scenario's server (fresh storage each), in order, then `body` with all of them. */
async function withServers(scenarios, body, started = []) {
  if (started.length === scenarios.length) return body(started);
  const before = new Set(workerdPids());
  const start = scenarios[started.length] === 'floor' ? withFloor : withServer;
  return start((server) =>
    withServers(scenarios, body, [
      ...started,
      {
        scenario: scenarios[started.length],
        url: server.url,
        pids: workerdPids().filter((pid) => !before.has(pid)), // this server's processes only
      },
    ]),
  );
}

const scenarios = ONLY === 'parley' ? ['parley'] : ONLY === 'floor' ? ['floor'] : ['floor', 'parley'];
const code = await withServers(scenarios, async (servers) => {
  const generator = fork(join(ROOT, 'bench', 'load-generator.mjs'), {
    env: { ...process.env, BENCH_ON_TMPFS: ON_TMPFS ? '1' : '0' },
  });
  generator.send({ servers, tokens, host: process.pid });
  const [exitCode] = await once(generator, 'exit');
  return exitCode;
});
process.exit(code ?? 1);
