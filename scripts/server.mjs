// Runs the BUILT app (`vite build` output in dist/) with `wrangler dev`, for e2e tests and
// benchmarks. Each call starts from a fresh temporary state directory (its own D1, R2 and
// Durable Object storage), applies schema.sql to it, and waits until the Worker answers.
//
//   import { startServer } from '../../scripts/server.mjs';
//   const server = await startServer({ vars: { DEMO_MODE: 'true' } });
//   ... fetch(`${server.url}/common/pub/getSystemInfo`, { method: 'POST' }) ...
//   await server.stop();
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { applySql, bin, childEnv, demoSeedSql, fileExists, ROOT } from './lib.mjs';

export const BUILT_CONFIG = join(ROOT, 'dist', 'parley', 'wrangler.json');

/** A TCP port that is free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {object} [options]
 * @param {number} [options.port]      port on 127.0.0.1 (a free one when omitted)
 * @param {string} [options.stateDir]  persistence folder; a fresh temp folder when omitted (removed on stop)
 * @param {Record<string,string>} [options.vars]  Worker vars (JWT_SECRET, DEMO_MODE, DEV_MAILBOX, ...)
 * @param {boolean} [options.seedDemo] seed the demo accounts (default: when vars.DEMO_MODE is 'true')
 * @param {Record<string, object>} [options.config] configuration rows to start with, e.g. { sysInfo: { runMode: '2' } }
 *                                     (merged over the defaults as an operator's `config` row is)
 * @param {string} [options.builtConfig] the built Worker's wrangler.json (default dist/parley's; a copy of
 *                                     dist/ elsewhere serves that copy, which a test may then redeploy)
 * @param {number} [options.timeoutMs] how long to wait for the Worker to answer (default 60 s)
 * @param {boolean} [options.quiet]    keep wrangler's output unless start-up fails (default true)
 * @returns {Promise<{ url: string, port: number, stateDir: string, stop: () => Promise<void>, output: () => string }>}
 */
export async function startServer({
  port,
  stateDir,
  vars = {},
  seedDemo,
  config = {},
  builtConfig = BUILT_CONFIG,
  timeoutMs = 60_000,
  quiet = true,
} = {}) {
  if (!fileExists(builtConfig)) throw new Error(`${builtConfig} is missing: run \`npm run build\` (vite build) first`);
  port ??= await freePort();
  const ownState = !stateDir;
  stateDir ??= mkdtempSync(join(tmpdir(), 'parley-state-'));
  const allVars = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_MODE: 'false',
    DEV_MAILBOX: 'true',
    ...vars,
  };

  // schema.sql (+ the demo accounts) in one wrangler call: each call costs about two seconds.
  let sqlFile = join(ROOT, 'schema.sql');
  const seed = seedDemo ?? allVars.DEMO_MODE === 'true';
  const configRows = Object.entries(config).map(
    ([name, value]) =>
      `INSERT OR REPLACE INTO config (name, value, update_time) VALUES ('${name}', '${JSON.stringify(value).replaceAll("'", "''")}', 0);`,
  );
  if (seed || configRows.length > 0) {
    sqlFile = join(stateDir, 'setup.sql');
    writeFileSync(
      sqlFile,
      [readFileSync(join(ROOT, 'schema.sql'), 'utf8'), seed ? demoSeedSql() : '', ...configRows].join('\n'),
    );
  }
  await applySql({ persistTo: stateDir, file: sqlFile, config: builtConfig });

  const inspectorPort = await freePort();
  const args = [
    'dev',
    `--config=${builtConfig}`,
    `--port=${port}`,
    '--ip=127.0.0.1',
    `--inspector-port=${inspectorPort}`,
    '--inspector-ip=127.0.0.1',
    `--persist-to=${stateDir}`,
    '--show-interactive-dev-session=false',
    '--live-reload=false',
    // Every var on the command line, so nothing from a stray .dev.vars can leak in.
    ...Object.entries(allVars).flatMap(([k, v]) => ['--var', `${k}:${v}`]),
  ];
  const child = spawn(bin('wrangler'), args, {
    cwd: ROOT,
    env: childEnv({ X_LOCAL_OBSERVABILITY: 'false', FORCE_COLOR: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // own process group: stop() ends wrangler and the workerd it started
  });
  let output = '';
  const onData = (d) => {
    output += d;
    if (!quiet) process.stderr.write(d);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((r) => child.on('exit', (code, signal) => r({ code, signal })));
  // If this process ends without calling stop(), do not leave wrangler and workerd running.
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  process.on('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!done)
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
    }
    if (ownState) rmSync(stateDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await fetch(`${url}/common/pub/getSystemInfo`, { method: 'POST', signal: AbortSignal.timeout(5000) });
      if (res.ok) {
        const body = await res.json();
        if (body && body.code === 0) return { url, port, stateDir, stop, output: () => output };
        lastError = `answered ${JSON.stringify(body).slice(0, 200)}`;
      } else lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${url} (${lastError}). Its output:\n${output}`);
}

// `node scripts/server.mjs [port]`: run the built app by hand (DEMO_MODE on), Ctrl-C to stop.
if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({
    port: process.argv[2] ? Number(process.argv[2]) : undefined,
    vars: { DEMO_MODE: 'true' },
    quiet: false,
  });
  console.log(`[server] built app on ${server.url} (state ${server.stateDir}); Ctrl-C to stop`);
  const bye = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', bye);
  process.on('SIGTERM', bye);
}
