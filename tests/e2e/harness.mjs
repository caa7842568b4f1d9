// End-to-end harness: the BUILT app (dist/, from `npm run build`) served by `wrangler dev` on
// 127.0.0.1 from a fresh state directory, driven by Debian's Chromium through playwright-core.
//
//   const app = await startApp({ vars: { DEMO_MODE: 'true' }, shared: true });
//   const [a, b] = await app.newPeople(2, '123456'); // accounts of this file's own
//   const [alice, bob] = await app.users(2);     // two isolated browser contexts, side by side
//   await app.signIn(alice.page, a.account, '123456');
//   ...
//   await app.close();
//
// `shared`: under scripts/e2e.mjs, files with the same settings use one server (see there).
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

import { fileExists, ROOT, run } from '../../scripts/lib.mjs';
import { startServer } from '../../scripts/server.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  // This machine has no internet: without these Chromium keeps dialling Google's hosts.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A phone-sized viewport (iPhone 12-ish), the product being a mobile-style web app. */
export const MOBILE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** The link the social server's Explore tab lists (people-screens opens it in the web view). */
export const EXPLORE_LINK = 'https://docs.example.org/parley';

/**
 * Run mode 2 (the address book and one-to-one chats follow friendships) with one Explore link:
 * the configuration the people files share a server with.
 */
export const SOCIAL_CONFIG = {
  sysInfo: { runMode: '2' },
  compass: {
    status: '1',
    mode: '1',
    list: [{ icon: '', name: 'Parley docs', type: '2', url: EXPLORE_LINK, order: 1, status: '1' }],
  },
};

/** The web app's translations, so tests select elements by the texts users actually see. */
export function locale(lang) {
  return JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'locales', lang, 'translation.json'), 'utf8'));
}

export async function launchBrowser() {
  if (!fileExists(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A server with these settings: under scripts/e2e.mjs (PARLEY_E2E_POOL set) and with `shared`,
 * the one the run keeps for them, which other files use too (its stop() leaves it running);
 * otherwise a fresh one of this file's own.
 */
export async function serverFor({ vars = {}, config = {}, builtConfig, shared, server } = {}) {
  // Another app's server (a second browser on the same server): it stays up until that app closes.
  if (server) return { ...server, stop: async () => undefined };
  const pool = process.env.PARLEY_E2E_POOL;
  if (!shared || !pool || builtConfig) return startServer({ vars, config, builtConfig });
  const res = await fetch(`${pool}/server`, { method: 'POST', body: JSON.stringify({ vars, config }) });
  if (!res.ok) throw new Error(`the e2e server pool could not start a server: ${await res.text()}`);
  return { ...(await res.json()), shared: true, stop: async () => undefined };
}

/**
 * Starts the built app and a browser. Returns helpers to open users (isolated contexts, each
 * with its own storage, like two phones) and to close everything.
 * @param {{ vars?: Record<string,string>, config?: Record<string, object>, builtConfig?: string, contextOptions?: object, name?: string, shared?: boolean }} [options]
 *   `config`: configuration rows to start with, e.g. { sysInfo: { runMode: '2' } }
 *   `builtConfig`: serve a copy of dist/ (its parley/wrangler.json) instead of dist/ itself
 *   `shared`: the file makes its own accounts and changes no server-wide setting, so under
 *   scripts/e2e.mjs it may use the server other files with the same settings use
 *   `server`: another app's `server`, to drive it with a second browser (other context options)
 */
export async function startApp({
  vars = {},
  config = {},
  builtConfig,
  contextOptions = MOBILE,
  name = 'app',
  shared = false,
  server: sameAs,
} = {}) {
  const server = await serverFor({ vars, config, builtConfig, shared, server: sameAs });
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const contexts = [];
  const pages = [];

  /**
   * Opens one user: a fresh browser context with one page. Page errors are collected in `errors`.
   * Options go to browser.newContext, plus `language` ('vi' | 'en' | 'zh-CN') to start the app in.
   */
  async function user({ language, ...options } = {}) {
    const context = await browser.newContext({ ...contextOptions, locale: 'vi-VN', ...options });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    // { language: 'en' }: the app starts in that language (it reads localStorage 'language', JSON),
    // unless the page already chose one (so switching in the settings still sticks on reload).
    if (language) {
      await context.addInitScript((lang) => {
        // Only the app's own page: a framed page (the web view's site) may not touch its storage.
        if (window.top !== window) return;
        if (localStorage.getItem('language') === null) localStorage.setItem('language', JSON.stringify(lang));
      }, language);
    }
    const page = await context.newPage();
    const errors = [];
    // What the page did, saved beside its last screenshot on close (for debugging failures).
    const log = [];
    const stamp = () => new Date().toISOString().slice(11, 23);
    page.on('pageerror', (error) => {
      errors.push(error);
      log.push(`${stamp()} pageerror ${error.stack ?? error}`);
    });
    page.on('console', (m) => log.push(`${stamp()} console.${m.type()} ${m.text()}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && log.push(`${stamp()} url ${f.url()}`));
    page.on('response', (r) => {
      if (!/\/(common|enterprise|dev)\//.test(r.url())) return;
      r.text().then(
        (t) => log.push(`${stamp()} ${r.status()} ${r.url().replace(server.url, '')} ${t.slice(0, 300)}`),
        () => undefined,
      );
    });
    pages.push({ page, log });
    return { context, page, errors, log };
  }

  return {
    server,
    browser,
    url: server.url,
    /** Absolute URL of an app route (hash routing): path('/pages/login/index'). */
    path: (route = '/') => `${server.url}/#${route}`,
    user,
    /** N users side by side. */
    users: (n, options) => Promise.all(Array.from({ length: n }, () => user(options))),
    /**
     * Logs in through the login page (texts of `lang`, the language the page shows) and waits for
     * the Messages tab. Returns the server's userInfo (user_id, account, realname, ...). Slower than
     * `signIn`: for a test of the login page itself.
     */
    async login(page, account, password, { lang = 'vi' } = {}) {
      const t = locale(lang);
      await page.goto(`${server.url}/#/pages/login/index`);
      await page.getByRole('heading', { name: t.login.welcome }).waitFor();
      await page.getByLabel(t.login.account, { exact: true }).fill(account);
      await page.getByLabel(t.login.password, { exact: true }).fill(password);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/common/pub/login')),
        page.getByRole('button', { name: t.login.submit, exact: true }).click(),
      ]);
      const body = await response.json();
      if (!body.data?.userInfo) throw new Error(`login ${account} refused: ${JSON.stringify(body)}`);
      await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
      await page.getByRole('heading', { name: t.route.home }).waitFor();
      return body.data.userInfo;
    },
    /**
     * Signs in without the login page, as the page itself would: the login call, then the session
     * the app keeps in localStorage (web/src/lib/storage-core.ts STORAGE_KEYS: `uni_id_token`,
     * `tokenExpired`, `userInfo`, JSON), then the app opened on the Messages tab (texts of `lang`).
     * For every test that is not about the login screen. Returns the server's userInfo.
     */
    async signIn(page, account, password, { lang = 'vi' } = {}) {
      const t = locale(lang);
      const body = await this.api('/common/pub/login', { account, password });
      if (!body.data?.userInfo) throw new Error(`login ${account} refused: ${JSON.stringify(body)}`);
      // Any document of the app's origin may write its storage: the manifest is the smallest.
      await page.goto(`${server.url}/manifest.webmanifest`);
      await page.evaluate(({ authToken, tokenExpired, userInfo }) => {
        localStorage.setItem('uni_id_token', JSON.stringify(authToken));
        localStorage.setItem('tokenExpired', JSON.stringify(Number(tokenExpired)));
        localStorage.setItem('userInfo', JSON.stringify(userInfo));
      }, body.data);
      await page.goto(`${server.url}/#/`);
      await page.getByRole('heading', { name: t.route.home }).waitFor();
      return body.data.userInfo;
    },
    /**
     * Registers `count` new accounts (password `password`) and answers them as
     * { account, realname, user_id }: a file on a shared server works with accounts of its own.
     * Their names are unique (`prefix` and the account's unique part) unless `names` gives them.
     */
    async newPeople(count, password, { prefix = 'e2e', names = [] } = {}) {
      // Random first and last characters: another user's account shows as its first 3 and last 2
      // (maskedAccount), and tests find people by that among everyone else's accounts.
      const letters = (n) => Array.from({ length: n }, () => 'abcdefghijkmnpqrstuvwxyz'[randomInt(24)]).join('');
      const people = Array.from({ length: count }, (_, i) => {
        const account = `${letters(3)}${uniqueAccount('')}${letters(2)}`;
        return { account, realname: names[i] ?? `${prefix} ${account.slice(3)}` };
      });
      const ids = await this.register(people, password);
      return people.map((p) => ({ ...p, user_id: ids[p.account] }));
    },
    /**
     * Calls the API directly: api('/common/pub/register', { ... }). A registration comes from an
     * address of its own (`cf-connecting-ip`, unless `ip` says which), as if from its own phone: on a
     * shared server the files together make more accounts than one address may in a minute.
     */
    async api(path, body = {}, token, { ip = path === '/common/pub/register' ? nextAddress() : undefined } = {}) {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: token } : {}),
          ...(ip ? { 'cf-connecting-ip': ip } : {}),
        },
        body: JSON.stringify(body),
      });
      return res.json();
    },
    /** Registers each of `people` ({account, realname}) with `password`; answers their user ids by account. */
    async register(people, password) {
      const ids = {};
      for (const person of people) {
        const made = await this.api('/common/pub/register', { ...person, password });
        assert.equal(made.code, 0, JSON.stringify(made));
        ids[person.account] = made.data.user_id;
      }
      return ids;
    },
    /** Makes `account` a super admin as an operator would, with `npm run admin` on this server's own state. */
    async makeOperator(account) {
      const promoted = await run(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), '--account', account], {
        capture: true,
        env: { PARLEY_STATE_DIR: server.stateDir },
      });
      assert.equal(promoted.code, 0, promoted.stderr);
    },
    /** Closes browser and server; first saves each page's last screen and log to .tmp/e2e/<name>-<n>.{png,log}. */
    async close() {
      const dir = join(ROOT, '.tmp', 'e2e');
      mkdirSync(dir, { recursive: true });
      await Promise.allSettled(
        pages.map(async ({ page, log }, i) => {
          writeFileSync(join(dir, `${name}-${i + 1}.log`), `${log.join('\n')}\n`);
          await page.screenshot({ path: join(dir, `${name}-${i + 1}.png`), timeout: 5000 });
        }),
      );
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close().catch(() => undefined);
      await server.stop();
    },
  };
}

let counter = 0;
let addresses = 0;
/** An address no other registration of this run used: this process's id, then a count. */
const nextAddress = () => `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${++addresses % 256}`;
/** An account name no other test uses (accounts are 3–32 of [A-Za-z0-9_.@+-]). */
export const uniqueAccount = (prefix = 'e2e') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * Polls `check` (sync or async, truthy = done) every `interval` ms until it holds or `timeout` ms
 * pass; then fails with `message` and the last value or error seen. Returns the truthy value.
 */
export async function waitUntil(check, { timeout = 15_000, interval = 100, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeout} ms waiting for ${message} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`,
      );
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Another user's account as the app shows it (worker/services/user-view.ts maskAccount): 138******03. */
export const maskedAccount = (account) =>
  account.length > 5 ? `${account.slice(0, 3)}******${account.slice(-2)}` : account;

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches `s` as the whole text, nothing before or after. */
export const exactly = (s) => new RegExp(`^${escapeRegExp(s)}$`);

/** The chat screen's pieces on one phone, found by the texts of `lang` (English by default). */
export function chatScreen(page, lang = 'en') {
  const t = locale(lang);
  const thread = page.getByTestId('thread');
  const bubbles = thread.getByTestId('bubble');
  /** The thread row (avatar, bubble, status) whose bubble matches `bubbleFilter`. */
  // (`has` is looked up inside each row, so it starts from the page, not from the thread.)
  const row = (bubbleFilter) =>
    thread.locator('[data-index]').filter({ has: page.getByTestId('bubble').filter(bubbleFilter) });
  return {
    thread,
    bubbles,
    row,
    textRow: (text) => row({ hasText: exactly(text) }),
    imageRow: () => row({ has: page.getByRole('button', { name: t.chat.openPhoto, exact: true }) }),
    /** The texts of all bubbles, in the order they stand in the page. */
    bubbleTexts: () => bubbles.allInnerTexts().then((texts) => texts.map((text) => text.trim())),
    input: page.getByLabel(t.chat.inputLabel, { exact: true }),
    sendButton: page.getByRole('button', { name: t.chat.send, exact: true }),
    moreButton: page.getByRole('button', { name: t.chat.moreButton, exact: true }),
    /** The red "!" beside an own message that did not go out. */
    unsentMark: (row) => row.getByRole('button', { name: t.chat.status.failed, exact: true }),
    /** "Read" or "Unread" beside an own message the server has. */
    deliveredMark: (row) =>
      row.getByText(new RegExp(`^(${escapeRegExp(t.chat.status.read)}|${escapeRegExp(t.chat.status.unread)})$`)),
  };
}

// axe-core from node_modules (no CDN: this machine has no internet). Evaluated through the
// DevTools protocol (page.evaluate), which the app's Content-Security-Policy does not govern:
// a <script> tag, inline or from a path, would be refused by script-src 'self'.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules plus best practices) on the page as it stands and
 * returns the violations of the given impacts, each as { id, impact, help, nodes: [{ target, summary }] }.
 */
export async function a11yViolations(page, impacts = ['serious', 'critical'], { iframes = true } = {}) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (iframes) => {
    const result = await window.axe.run(document, { resultTypes: ['violations'], iframes });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
    }));
  }, iframes);
  return violations.filter((v) => impacts.includes(v.impact));
}

/**
 * Fails with a readable list when axe finds a serious or critical violation on the page (`name` says
 * which screen). `iframes: false` leaves out framed pages that are not ours (the web view's site).
 */
export async function expectNoSeriousA11yViolations(page, name, { iframes = true } = {}) {
  const violations = await a11yViolations(page, undefined, { iframes });
  const report = violations
    .map(
      (v) =>
        `  ${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, '\n      ')}`)
          .join('\n')}`,
    )
    .join('\n');
  assert.equal(violations.length, 0, `${name}: ${violations.length} serious/critical axe violation(s)\n${report}`);
}

/**
 * Fails when the page is wider than the window (`name` says which screen): on a phone, Chromium then
 * lays the page out wider and zooms out, and taps land beside what the finger aimed at.
 */
export async function expectNoHorizontalOverflow(page, name) {
  const { width } = page.viewportSize();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${name}: the page is ${scrollWidth} px wide in a ${width} px window`);
}

/** A screen's visible lines and its labels (aria-label, placeholder, title, alt), trimmed: what a translation check reads. */
export async function screenLines(page) {
  const lines = await page.evaluate(() => {
    const texts = document.body.innerText.split('\n');
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt'])
        if (el.getAttribute(attr)) texts.push(el.getAttribute(attr));
    }
    return texts;
  });
  return lines.map((t) => t.trim()).filter(Boolean);
}

/**
 * Collects the Content-Security-Policy violations of every page of `context` from now on (the
 * page's `securitypolicyviolation` events and Chromium's console reports of them): the returned
 * array, which a test expects to stay empty.
 */
export async function watchCsp(context) {
  const violations = [];
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const watch = (page) =>
    page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}
