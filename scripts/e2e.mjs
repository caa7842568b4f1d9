#!/usr/bin/env node
// `npm run test:e2e` (and the e2e step of `npm test`): the browser tests, one file at a time
// (`node --test --test-concurrency=1`), with one shared server per configuration.
//
// Starting `wrangler dev` on fresh state costs seconds each time, and most files want the same
// server. This script keeps a small pool: it answers POST /server {vars, config} on 127.0.0.1 with
// the URL of a running server of exactly those settings, starting it on the first ask, and stops
// them all when the run ends. The test files ask through tests/e2e/harness.mjs (startApp with
// `shared: true`), which finds the pool in PARLEY_E2E_POOL; run on their own (`node --test
// tests/e2e/x.test.mjs`) they start their own server as before. A file that changes server-wide
// settings (console configuration, a closed site) never asks for a shared one.
//
//   node scripts/e2e.mjs [node --test options] [files]   (no files: every tests/e2e/*.test.mjs)
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

import { ROOT } from './lib.mjs';
import { startServer } from './server.mjs';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('-'));
const options = args.filter((a) => a.startsWith('-'));
const E2E = join(ROOT, 'tests', 'e2e');
if (files.length === 0)
  files.push(
    ...readdirSync(E2E)
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => join('tests', 'e2e', f)),
  );

/** Running (or starting) servers by their settings, as JSON with sorted keys. */
const servers = new Map();
let asks = 0;
const keyOf = (value) =>
  JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const pool = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', async () => {
    try {
      const asked = JSON.parse(body || '{}');
      // The defaults startServer applies, so that { DEMO_MODE: 'false' } and {} are one server.
      const vars = { DEMO_MODE: 'false', DEV_MAILBOX: 'true', ...asked.vars };
      const config = asked.config ?? {};
      const key = keyOf({ vars, config });
      asks += 1;
      if (!servers.has(key)) {
        const starting = startServer({ vars, config });
        servers.set(key, starting);
        // A start that failed is not kept: the next file asks again.
        starting.catch(() => servers.delete(key));
      }
      const server = await servers.get(key);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: server.url, port: server.port, stateDir: server.stateDir }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error?.stack ?? error));
    }
  });
});
await new Promise((r) => pool.listen(0, '127.0.0.1', r));

async function stopAll() {
  pool.close();
  const started = await Promise.allSettled([...servers.values()]);
  await Promise.allSettled(started.filter((s) => s.status === 'fulfilled').map((s) => s.value.stop()));
}

const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...options, ...files], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PARLEY_E2E_POOL: `http://127.0.0.1:${pool.address().port}` },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    child.kill(signal);
  });
const code = await new Promise((r) => child.on('close', (c, signal) => r(c ?? (signal ? 1 : 0))));
await stopAll();
console.log(`[e2e] ${servers.size} shared server(s) answered ${asks} start(s) of ${files.length} file(s)`);
process.exit(code);
