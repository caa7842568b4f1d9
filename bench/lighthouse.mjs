// Lighthouse scores of the BUILT app (dist/, from `npm run build`): the login page, the
// signed-in chat list and an open chat with messages, each run BENCH_LH_RUNS (3) times with
// Lighthouse's mobile defaults (Moto G Power screen, simulated slow 4G, 4× CPU slowdown); prints
// the median Performance, Accessibility and Best Practices with LCP, TBT and CLS, and the audits
// that cost points in the median run.
// Offline: the app is served by `wrangler dev` on 127.0.0.1 (scripts/server.mjs, DEMO_MODE on), and
// Debian's Chromium runs with the e2e harness's flags that keep it from dialling Google's hosts.
// Signed in the way the app itself keeps a session: the login's token and user in localStorage,
// which Lighthouse's storage reset leaves alone (it clears the HTTP cache, the service worker,
// Cache Storage and here IndexedDB, so every run is a first visit but for the session).
// Each run's report is saved to .tmp/lighthouse/<page>-<n>.json (open it at googlechrome.github.io/lighthouse/viewer).
// Run alone: `node bench/lighthouse.mjs` (after `npm run build`) or `BENCH_ONLY=lighthouse npm run bench`.
// BENCH_LH_PAGES=login,list,chat picks pages.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

import { DEMO_PASSWORD, fileExists, ROOT } from '../scripts/lib.mjs';
import { BUILT_CONFIG, freePort, startServer } from '../scripts/server.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/harness.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const ONLY = process.env.BENCH_LH_PAGES?.split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (!fileExists(BUILT_CONFIG)) {
  console.error(`[lighthouse] ${BUILT_CONFIG} is missing: run \`npm run build\` first`);
  process.exit(1);
}
if (!fileExists(CHROMIUM)) {
  console.error(`[lighthouse] ${CHROMIUM} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}

const server = await startServer({ vars: { DEMO_MODE: 'true' } });
const profile = mkdtempSync(join(tmpdir(), 'parley-lighthouse-'));
let chrome;
try {
  // Two demo accounts and a conversation of 40 messages, plus a few more chats in the list.
  const api = async (path, body, token) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (json.code !== 0) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const login = (account) => api('/common/pub/login', { account, password: DEMO_PASSWORD });
  const me = await login('13800000002');
  const [friend, ...others] = await Promise.all(['13800000003', '13800000004', '13800000005'].map(login));
  const send = (from, to, content) =>
    api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content, toContactId: to.userInfo.user_id, is_group: 0 },
      from.authToken,
    );
  for (const other of others) await send(other, me, `Hello from ${other.userInfo.realname}`);
  for (let i = 1; i <= 40; i++) {
    const [from, to] = i % 3 === 0 ? [friend, me] : [me, friend];
    await send(
      from,
      to,
      `Message ${i}: ${'the quince harvest starts at the orchard gate at seven. '.repeat(1 + (i % 3))}`,
    );
  }

  const port = await freePort();
  chrome = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--disable-default-apps',
      '--disable-extensions',
      '--no-default-browser-check',
      '--metrics-recording-only',
      '--disable-domain-reliability',
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  // Waits until Chromium's DevTools port answers.
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`Chromium did not open its DevTools port ${port}`);
    await sleep(100);
  }

  const PAGES = [
    // The login page skips to the chat list when signed in: it is measured first, signed out.
    { name: 'login', route: '/pages/login/index', signedIn: false },
    { name: 'list', route: '/', signedIn: true },
    { name: 'chat', route: `/pages/message/chat?id=${friend.userInfo.user_id}`, signedIn: true },
  ].filter((p) => !ONLY || ONLY.includes(p.name));

  const dir = join(ROOT, '.tmp', 'lighthouse');
  mkdirSync(dir, { recursive: true });
  console.log(
    `[lighthouse] ${new Date().toISOString()} ${cpus().length}× ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GB; ` +
      `lighthouse 13 mobile defaults, ${RUNS} runs a page, median shown`,
  );
  const rows = [];
  for (const target of PAGES) {
    if (target.signedIn) await storeSession(port, server.url, me);
    const results = [];
    for (let n = 1; n <= RUNS; n++) {
      const url = `${server.url}/#${target.route}`;
      const clearStorageTypes = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb'];
      // Signed out: the same reset plus localStorage.
      if (!target.signedIn) clearStorageTypes.push('local_storage');
      const { lhr, report } = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        clearStorageTypes,
      });
      writeFileSync(join(dir, `${target.name}-${n}.json`), report);
      if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
      results.push(lhr);
    }
    // The median run by Performance (Lighthouse's own advice for noisy machines).
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = results[Math.floor(results.length / 2)];
    rows.push({ target, median, all: results });
  }

  const pct = (lhr, id) => Math.round(lhr.categories[id].score * 100);
  const ms = (lhr, id) => Math.round(lhr.audits[id].numericValue);
  console.log('\npage   Perf  A11y  BP   LCP ms  TBT ms  CLS    (Performance of each run)');
  for (const { target, median, all } of rows) {
    console.log(
      `${target.name.padEnd(6)} ${String(pct(median, 'performance')).padStart(4)}  ${String(pct(median, 'accessibility')).padStart(4)}  ` +
        `${String(pct(median, 'best-practices')).padStart(3)}  ${String(ms(median, 'largest-contentful-paint')).padStart(6)}  ` +
        `${String(ms(median, 'total-blocking-time')).padStart(6)}  ${median.audits['cumulative-layout-shift'].numericValue.toFixed(3)}  ` +
        `(${all.map((r) => pct(r, 'performance')).join(', ')})`,
    );
  }
  // What costs points in the median run: failed scored audits of each category.
  for (const { target, median } of rows) {
    const lost = [];
    for (const id of CATEGORIES) {
      for (const ref of median.categories[id].auditRefs) {
        const audit = median.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 0.9)
          lost.push(`${id}/${ref.id} ${audit.score.toFixed(2)}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    if (lost.length > 0) console.log(`\n${target.name}: ${lost.join('; ')}`);
  }
} finally {
  if (chrome?.pid)
    try {
      process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}

/** Signs in the way the login page does: its token and user in localStorage (web/src/lib/storage-core.ts keys, JSON values). */
async function storeSession(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${origin}/#/pages/login/index`);
  await page.evaluate((s) => {
    localStorage.setItem('uni_id_token', JSON.stringify(s.authToken));
    localStorage.setItem('tokenExpired', JSON.stringify(s.tokenExpired));
    localStorage.setItem('userInfo', JSON.stringify(s.userInfo));
  }, session);
  await page.close();
  await browser.close();
}
