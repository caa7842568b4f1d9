// Browser safety of the built app under `wrangler dev`: the page, its scripts, styles and icons
// carry the strict Content-Security-Policy and the other headers (the asset binding's answers,
// which the workerd tests cannot fully serve), and Chromium runs the app under that policy
// without a single violation while a user logs in, opens a chat and sends a text and a photo.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, maskedAccount, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
/** The smallest valid PNG: 1×1, one grey pixel. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==',
  'base64',
);

function assertBrowserSafety(res, what) {
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    "frame-ancestors 'none'",
  ]) {
    assert.ok(csp.includes(directive), `${what}: CSP lacks ${directive}: ${csp}`);
  }
  assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), `${what}: ${csp}`);
  assert.equal(res.headers.get('x-frame-options'), 'DENY', what);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', what);
  assert.equal(res.headers.get('referrer-policy'), 'no-referrer', what);
  assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(self\), microphone=\(self\)/, what);
}

describe('browser safety of the built app (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'browser-safety', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('the page, its assets and the API carry the headers', async () => {
    const page = await fetch(`${app.url}/`);
    const html = await page.text();
    assertBrowserSafety(page, '/');
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(
      assets.some((path) => path.startsWith('/assets/')),
      `no /assets/ file in ${html}`,
    );
    for (const path of assets) {
      const res = await fetch(app.url + path);
      assert.equal(res.status, 200, path);
      assertBrowserSafety(res, path);
      await res.arrayBuffer();
    }
    const api = await fetch(`${app.url}/common/pub/getSystemInfo`, { method: 'POST' });
    assert.equal(api.headers.get('cache-control'), 'no-store');
    assertBrowserSafety(api, 'getSystemInfo');
  });

  test('Chromium reports no policy violation while a user logs in, chats and sends a photo', async () => {
    const a = await app.user({ language: 'en' });
    const violations = [];
    a.page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));
    await a.context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`Content-Security-Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' });
    await a.page.getByRole('navigation').getByRole('link', { name: en.tabs.contacts, exact: true }).click();
    await a.page
      .getByRole('button')
      .filter({ hasText: maskedAccount(B_ACCOUNT) })
      .click();
    // The address book opens the person's card; its button opens the chat.
    await a.page.getByRole('button', { name: en.people.detail.sendMessage, exact: true }).click();
    const chat = chatScreen(a.page);
    await chat.input.fill('under a strict policy');
    await chat.sendButton.click();
    await chat.deliveredMark(chat.textRow('under a strict policy')).waitFor();
    await chat.moreButton.click();
    await a.page
      .getByLabel(en.chat.plus.photos, { exact: true })
      .setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
    await chat.deliveredMark(chat.imageRow()).waitFor();
    // The bubble shows the photo (a blob: preview or the download); a blocked image has no width.
    await waitUntil(
      () =>
        chat
          .imageRow()
          .locator('img')
          .evaluateAll((imgs) => imgs.some((img) => img.complete && img.naturalWidth > 0)),
      { message: 'the photo to show' },
    );
    await a.page
      .getByRole('navigation')
      .getByRole('link', { name: en.tabs.mine, exact: true })
      .click()
      .catch(() => undefined);
    assert.deepEqual(violations, []);
    assert.deepEqual(a.errors, []);
  });
});
