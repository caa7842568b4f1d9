// Runs the BUILT Worker (dist/parley) in workerd through Miniflare directly, and serves it on a
// socket bound straight to the Worker. Benchmarks use it: `wrangler dev` puts a proxy process in
// front of every request and socket, and Miniflare itself a JavaScript entry Worker; production
// has neither, and on this 2-core machine each costs more CPU per request than the Worker itself
// (BENCHMARKS.md). The bindings come from the same built wrangler.json that `wrangler deploy`
// reads, through wrangler's own converter, and the Miniflare is the one this wrangler version runs.
//
//   const server = await startWorkerd({ vars: { JWT_SECRET } });  // schema applied, fresh state
//   ... fetch(`${server.url}/common/pub/getSystemInfo`, { method: 'POST' }) ...
//   await server.stop();
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

import { applySql, fileExists, ROOT } from './lib.mjs';
import { BUILT_CONFIG, freePort } from './server.mjs';

const BUILT_DIR = join(ROOT, 'dist', 'parley');

/** Every JavaScript module of the built Worker: the entry and the chunks it imports. */
function builtModules() {
  const chunks = readdirSync(join(BUILT_DIR, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join('assets', f));
  return ['index.js', ...chunks].map((path) => ({ type: 'ESModule', path: join(BUILT_DIR, path) }));
}

/**
 * @param {object} [options]
 * @param {string} [options.stateDir]  persistence folder; a fresh temp folder when omitted (removed on stop)
 * @param {boolean} [options.applySchema] apply schema.sql first (default true; false when the caller did)
 * @param {Record<string,string>} [options.vars]  Worker vars (JWT_SECRET, DEV_MAILBOX, ...)
 * @returns {Promise<{ url: string, stateDir: string, stop: () => Promise<void> }>}
 */
export async function startWorkerd({ stateDir, applySchema = true, vars = {} } = {}) {
  if (!fileExists(BUILT_CONFIG))
    throw new Error(`${BUILT_CONFIG} is missing: run \`npm run build\` (vite build) first`);
  const ownState = !stateDir;
  stateDir ??= mkdtempSync(join(tmpdir(), 'parley-workerd-'));
  if (applySchema) await applySql({ persistTo: stateDir, file: join(ROOT, 'schema.sql'), config: BUILT_CONFIG });

  const { workerOptions } = unstable_getMiniflareWorkerOptions(BUILT_CONFIG);
  // Static assets are not part of what the benchmarks measure; module rules are replaced by the
  // explicit module list below; undefined keys are options wrangler did not set.
  const { assets: _assets, modulesRules: _rules, rootPath: _root, ...bindings } = workerOptions;
  const worker = Object.fromEntries(Object.entries(bindings).filter(([, v]) => v !== undefined));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: await freePort(),
      logRequests: false,
      resourcePersistencePath: join(stateDir, 'v3'), // where `wrangler --persist-to` puts it
      workers: [
        {
          ...worker,
          name: 'parley',
          modulesRoot: BUILT_DIR,
          modules: builtModules(),
          unsafeDirectSockets: [{ host: '127.0.0.1', port: await freePort() }],
          // Every var given here, so nothing from a stray .dev.vars can leak in.
          bindings: {
            ...worker.bindings,
            JWT_SECRET: randomBytes(32).toString('hex'),
            DEMO_MODE: 'false',
            DEV_MAILBOX: 'true',
            ...vars,
          },
        },
      ],
    }),
  );
  await mf.ready;
  const url = String(await mf.unsafeGetDirectURL('parley')).replace(/\/$/, '');
  let stopped = false;
  return {
    url,
    stateDir,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await mf.dispose();
      if (ownState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/**
 * The benchmark's floor (bench/floor/worker.mjs) in its own workerd: a bare Worker and Durable
 * Object, served the same way as the Worker above, so the two differ only in what Parley does.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startFloor() {
  const stateDir = mkdtempSync(join(tmpdir(), 'parley-floor-'));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: await freePort(),
      logRequests: false,
      resourcePersistencePath: stateDir,
      workers: [
        {
          name: 'floor',
          modules: true,
          scriptPath: join(ROOT, 'bench', 'floor', 'worker.mjs'),
          compatibilityDate: JSON.parse(readFileSync(BUILT_CONFIG, 'utf8')).compatibility_date,
          durableObjects: { ECHO_HUB: { className: 'EchoHub', useSQLite: true } },
          unsafeDirectSockets: [{ host: '127.0.0.1', port: await freePort() }],
        },
      ],
    }),
  );
  await mf.ready;
  const url = String(await mf.unsafeGetDirectURL('floor')).replace(/\/$/, '');
  return {
    url,
    stop: async () => {
      await mf.dispose();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
