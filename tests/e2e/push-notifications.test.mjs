// Notifications in a real browser: the built app in a Chromium profile on disk
// (an off-the-record context refuses push permission outright). A Web Push delivered through the
// DevTools protocol (`ServiceWorker.deliverPushMessage`, the service worker's real push event)
// shows nothing while a Parley window is focused, and with none open one notification per chat,
// the newest; its click, dispatched to the service worker's own handler, opens that chat in the
// Parley window. The Settings row reads Off in vi, en and zh-CN with its labels on one line and no
// serious axe finding, and a switch the push service never answers (this machine has no internet,
// so Chromium cannot reach its push service) gives up with the row's error, not a switch stuck
// on nothing. No page reports a Content-Security-Policy violation.
import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';

import {
  CHROMIUM,
  CHROMIUM_ARGS,
  exactly,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  locale,
  MOBILE,
  startApp,
  waitUntil,
  watchCsp,
} from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
const A_ACCOUNT = '13800000012';
const B_ACCOUNT = '13800000013';
const FROM_BOB = 'The boat leaves at six';

/** A VAPID key pair as the Worker reads it (scripts/dev.mjs makes the same for `npm run dev`). */
function vapidVars() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
    VAPID_SUBJECT: 'mailto:admin@localhost.localdomain',
  };
}

describe('notifications in Chromium (DEMO_MODE=true, VAPID keys set)', { timeout: 240_000 }, () => {
  let app;
  let profile;
  let context;
  let page;
  let violations;
  let bob;
  let chatUrl;

  /** The notifications the service worker shows now, as [title, body, tag]. */
  const shown = () =>
    currentWorker().then((sw) =>
      sw.evaluate(async () => (await self.registration.getNotifications()).map((n) => [n.title, n.body, n.tag])),
    );

  /** The running service worker (a push or a page's request starts it again after it idled out). */
  async function currentWorker() {
    const running = context.serviceWorkers().find((w) => w.url() === `${app.url}/sw.js`);
    return running ?? context.waitForEvent('serviceworker');
  }

  /** Delivers `notification` (the Worker's payload, worker/providers/web-push.ts) as a push to the app's worker. */
  async function deliver(notification) {
    const cdp = await context.newCDPSession(page);
    const registrations = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    const ours = await waitUntil(() => registrations.find((r) => r.scopeURL === `${app.url}/` && !r.isDeleted), {
      message: "the app's service worker registration",
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.url,
      registrationId: ours.registrationId,
      data: JSON.stringify({ web_push: 8030, notification }),
    });
    await cdp.detach();
  }

  before(async () => {
    app = await startApp({ name: 'push', vars: { DEMO_MODE: 'true', ...vapidVars() } });
    profile = mkdtempSync(join(tmpdir(), 'parley-profile-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      headless: true,
      ...MOBILE,
    });
    context.setDefaultTimeout(15_000);
    violations = await watchCsp(context);
    await context.addInitScript(() => {
      if (localStorage.getItem('language') === null) localStorage.setItem('language', JSON.stringify('en'));
    });
    await context.grantPermissions(['notifications'], { origin: app.url });
    page = context.pages()[0] ?? (await context.newPage());
    const alice = await app.signIn(page, A_ACCOUNT, PASSWORD, { lang: 'en' });
    const bobLogin = (await app.api('/common/pub/login', { account: B_ACCOUNT, password: PASSWORD })).data;
    bob = bobLogin.userInfo;
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: FROM_BOB, toContactId: alice.user_id, is_group: 0 },
      bobLogin.authToken,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));
    chatUrl = `${app.url}/#/pages/message/chat?id=${bob.user_id}`;
    await page.evaluate(() => navigator.serviceWorker.ready);
  });

  after(async () => {
    await context?.close();
    await app?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test('a push while a Parley window is focused shows no notification', async () => {
    assert.ok(await page.evaluate(() => document.visibilityState === 'visible' && document.hasFocus()));
    await deliver({ title: bob.realname, body: FROM_BOB, navigate: chatUrl, app_badge: 1 });
    // The handler runs within a moment; nothing may have been shown by then or later.
    await page.waitForTimeout(1500);
    assert.deepEqual(await shown(), []);
  });

  test('with no Parley window, pushes of one chat leave one notification, the newest', async () => {
    await page.goto('about:blank');
    await deliver({ title: bob.realname, body: FROM_BOB, navigate: chatUrl, app_badge: 1 });
    await deliver({ title: bob.realname, body: '2 new messages', navigate: chatUrl, app_badge: 2 });
    await waitUntil(async () => (await shown()).some(([, body]) => body === '2 new messages'), {
      message: 'the second push shown',
    });
    assert.deepEqual(await shown(), [[bob.realname, '2 new messages', chatUrl]]);
  });

  test('a click on the notification opens that chat in the Parley window', async () => {
    await page.goto(`${app.url}/#/`);
    await page.getByRole('heading', { name: en.route.home }).waitFor();
    const sw = await currentWorker();
    const outcome = await sw.evaluate(async (tag) => {
      const [notification] = await self.registration.getNotifications({ tag });
      // eslint-disable-next-line no-undef -- evaluated in the service worker, where it is a global
      const event = new NotificationEvent('notificationclick', { notification });
      // A script-made event may not be extended (its waitUntil throws): the handler's work is
      // collected here instead and awaited, so its failure fails the test.
      const work = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise) => work.push(promise) });
      self.dispatchEvent(event);
      await Promise.all(work);
      return { handled: work.length, left: (await self.registration.getNotifications()).length };
    }, chatUrl);
    assert.deepEqual(outcome, { handled: 1, left: 0 });
    await page.waitForURL((url) => url.hash === `#/pages/message/chat?id=${bob.user_id}`);
    await page.getByRole('heading', { name: bob.realname, exact: true }).waitFor();
    await page.getByTestId('thread').getByText(exactly(FROM_BOB)).waitFor();
    assert.deepEqual(violations, []);
  });

  for (const lang of ['vi', 'en', 'zh-CN']) {
    test(`Settings → Notifications reads Off in ${lang}, on one line, with no serious axe finding`, async () => {
      const t = locale(lang);
      await page.evaluate((l) => localStorage.setItem('language', JSON.stringify(l)), lang);
      await page.goto(`${app.url}/#/pages/mine/setting`);
      await page.reload();
      const toggle = page.getByRole('switch', { name: t.setting.push.label, exact: true });
      await toggle.waitFor();
      assert.equal(await toggle.getAttribute('aria-checked'), 'false');
      const row = page.locator('div', { has: toggle }).last();
      for (const text of [t.setting.push.label, t.setting.push.off]) {
        const box = await row.getByText(exactly(text)).boundingBox();
        assert.ok(box && box.height < 30, `${lang}: "${text}" stands on one line (${box?.height} px high)`);
      }
      await expectNoHorizontalOverflow(page, `settings (${lang})`);
      await expectNoSeriousA11yViolations(page, `settings (${lang})`);
    });
  }

  test('turning notifications on with no reachable push service says so in the row, with Try again, Off', async (t) => {
    await page.evaluate(() => localStorage.setItem('language', JSON.stringify('en')));
    await page.reload();
    const toggle = page.getByRole('switch', { name: en.setting.push.label, exact: true });
    const started = Date.now();
    await toggle.click();
    // No push service answers here: the row says so and offers Try again.
    await page.getByText(en.setting.push.noService, { exact: true }).waitFor({ timeout: 40_000 });
    t.diagnostic(`the switch gave up after ${Date.now() - started} ms`);
    assert.equal(await toggle.getAttribute('aria-checked'), 'false');
    await page.getByRole('button', { name: en.setting.push.retry, exact: true }).waitFor();
    await page.getByText(exactly(en.setting.push.off)).waitFor();
    assert.deepEqual(violations, []);
  });
});
