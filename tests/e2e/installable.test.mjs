// The installable app: the built app under `wrangler dev`, in a Chromium profile on
// disk (an off-the-record context, which the harness's users are, is never installable), passes
// Chromium's own installability check, registers its service worker without one CSP violation,
// starts from the service worker with the network off, and keeps nothing of the API in its caches.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';

import { CHROMIUM, CHROMIUM_ARGS, locale, MOBILE, serverFor, waitUntil } from './harness.mjs';

const en = locale('en');

describe('the installable app', { timeout: 180_000 }, () => {
  let server;
  let context;
  let page;
  let profile;
  const violations = [];
  const pageErrors = [];

  before(async () => {
    // No accounts, no settings: the shared server of the default settings does.
    server = await serverFor({ shared: true });
    profile = mkdtempSync(join(tmpdir(), 'parley-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      ...MOBILE,
    });
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => {
      localStorage.setItem('language', JSON.stringify('en'));
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));
    page.on('pageerror', (error) => pageErrors.push(error));
  });

  after(async () => {
    await context?.close();
    await server?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('registers its service worker after the first paint, with no CSP violation', async () => {
    await page.goto(`${server.url}/#/pages/login/index`);
    await page.getByRole('heading', { name: en.login.welcome }).waitFor();
    // `ready` never settles without a registration: give up after 10 s.
    const script = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL),
        new Promise((resolve) => setTimeout(() => resolve('no service worker'), 10_000)),
      ]),
    );
    assert.equal(script, `${server.url}/sw.js`);
    assert.deepEqual(violations, []);
    assert.deepEqual(pageErrors, []);
  });

  test("Chromium's installability check finds nothing missing", async () => {
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    assert.equal(url, `${server.url}/manifest.webmanifest`);
    assert.deepEqual(errors, []);
  });

  test('with the network off, a reload still shows the login page (the cached shell)', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: en.login.welcome }).waitFor();
      assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));
    } finally {
      await context.setOffline(false);
    }
    assert.deepEqual(violations, []);
  });

  test('keeps nothing of the API, the socket or files in its caches', async () => {
    // A request that went through the page while the worker controlled it.
    await page.evaluate(() => fetch('/common/pub/getSystemInfo', { method: 'POST' }).then((r) => r.text()));
    const cached = await waitUntil(
      () =>
        page.evaluate(async () => {
          const paths = [];
          for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
          return paths.length ? paths : null;
        }),
      { message: 'the precache' },
    );
    assert.ok(cached.includes('/index.html'), `the shell is cached: ${cached.join(' ')}`);
    assert.deepEqual(
      cached.filter((path) => /^\/(common|enterprise|dev|file|scan|wss)(\/|$)/i.test(path)),
      [],
    );
  });
});
