// A new deployment while the app is open: the built app is served from a copy of
// dist/, and a second real build (tests/e2e/second-build.vite.config.mjs: the same app, new file
// hashes, a new precache manifest) is copied over it as a deployment replaces the assets. A writes
// a message the network does not take (it stays in the outbox); the deployment drops A's socket,
// A's reconnect asks for a new version, the upgrade popup offers Update / Later; Update reloads
// A onto the new build with the message still waiting, and once sends go through again B gets it
// exactly once. No page reports a Content-Security-Policy violation.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { bin, ROOT, run } from '../../scripts/lib.mjs';
import { chatScreen, exactly, locale, startApp, waitUntil, watchCsp } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
const A_ACCOUNT = '13800000014';
const B_ACCOUNT = '13800000015';
const WRITTEN = 'written before the update';
const DIST = join(ROOT, 'dist');

/** The entry script an index.html loads (`/assets/index-<hash>.js`). */
const entryOf = (html) => html.match(/\/assets\/index-[\w-]+\.js/)[0];

describe('an update while a message waits to be sent (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  let copies;
  let secondBuildMs;

  before(async () => {
    // dist/ as built (served from its copy `first`), then the second build made in dist/ and kept
    // as `second`; dist/ is given back its first build.
    copies = mkdtempSync(join(tmpdir(), 'parley-builds-'));
    const first = join(copies, 'first');
    cpSync(DIST, first, { recursive: true });
    const started = Date.now();
    try {
      const built = await run(bin('vite'), ['build', '--config', 'tests/e2e/second-build.vite.config.mjs'], {
        capture: true,
      });
      assert.equal(built.code, 0, `the second build failed:\n${built.stdout}\n${built.stderr}`);
      secondBuildMs = Date.now() - started;
      cpSync(DIST, join(copies, 'second'), { recursive: true });
    } finally {
      rmSync(DIST, { recursive: true, force: true });
      cpSync(first, DIST, { recursive: true });
    }
    app = await startApp({
      name: 'app-update',
      vars: { DEMO_MODE: 'true' },
      builtConfig: join(first, 'parley', 'wrangler.json'),
    });
  });

  after(async () => {
    await app?.close();
    if (copies) rmSync(copies, { recursive: true, force: true });
  });

  test('Update keeps an unsent message, which then reaches B exactly once', async (t) => {
    t.diagnostic(`the second vite build took ${secondBuildMs} ms`);
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    const violations = [...(await watchCsp(a.context)), ...(await watchCsp(b.context))];
    const aSockets = [];
    a.page.on('websocket', (ws) => aSockets.push(ws));
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    const firstEntry = entryOf(readFileSync(join(copies, 'first', 'client', 'index.html'), 'utf8'));
    const secondEntry = entryOf(readFileSync(join(copies, 'second', 'client', 'index.html'), 'utf8'));
    assert.notEqual(firstEntry, secondEntry, 'the second build differs');
    const entryRunning = (page) =>
      page.evaluate(() => document.querySelector('script[type=module][src*="/assets/index-"]').getAttribute('src'));
    assert.equal(await entryRunning(a.page), firstEntry);
    await a.page.evaluate(() => navigator.serviceWorker.ready);

    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    await b.page.getByRole('heading', { name: aUser.realname, exact: true }).waitFor();
    const aChat = chatScreen(a.page);
    const bChat = chatScreen(b.page);
    const sendingMark = (row) => row.getByRole('status', { name: en.chat.status.sending, exact: true });

    // 1. A's message does not go out (every send fails as a dropped network would): it waits.
    let attempts = 0;
    await a.context.route('**/enterprise/im/sendMessage', (route) => {
      attempts += 1;
      return route.abort('internetdisconnected');
    });
    await aChat.input.fill(WRITTEN);
    await aChat.sendButton.click();
    await waitUntil(() => attempts >= 1, { message: 'a send attempt' });
    await sendingMark(aChat.textRow(WRITTEN)).waitFor();

    // 2. The new version is deployed: its files replace the served ones, and the Worker's restart
    // drops A's socket. A's reconnect asks for a new version, installs it and offers it.
    cpSync(join(copies, 'second', 'client'), join(copies, 'first', 'client'), { recursive: true });
    await waitUntil(async () => (await fetch(`${app.url}/index.html`).then((r) => r.text())).includes(secondEntry), {
      message: 'the server to serve the second build',
    });
    const socketsBefore = aSockets.length;
    const dropped = await fetch(`${app.url}/dev/dropSockets?account=${A_ACCOUNT}`, { method: 'POST' }).then((r) =>
      r.json(),
    );
    assert.ok(dropped.data?.dropped >= 1, `the server closed A's socket: ${JSON.stringify(dropped)}`);
    await waitUntil(() => aSockets.length > socketsBefore, { timeout: 20_000, message: "A's new socket" });
    const popup = a.page.getByRole('dialog', { name: en.update.title });
    await popup.waitFor({ timeout: 30_000 });
    await popup.getByRole('button', { name: en.update.later, exact: true }).waitFor();
    // Still waiting, still on the first build.
    await sendingMark(aChat.textRow(WRITTEN)).waitFor();
    assert.equal(await entryRunning(a.page), firstEntry);

    // 3. Update: the page reloads onto the second build, the message still waiting in the outbox.
    await Promise.all([
      a.page.waitForEvent('load', { timeout: 30_000 }),
      popup.getByRole('button', { name: en.update.update, exact: true }).click(),
    ]);
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    assert.equal(await entryRunning(a.page), secondEntry);
    await sendingMark(aChat.textRow(WRITTEN)).waitFor();
    assert.equal(await popup.count(), 0, 'no popup after the update');
    assert.equal(await bChat.textRow(WRITTEN).count(), 0, 'nothing reached B while A could not send');

    // 4. Sends go through again; A's next reconnect sends what waited, B has it once.
    await a.context.unroute('**/enterprise/im/sendMessage');
    const socketsAfterUpdate = aSockets.length;
    await fetch(`${app.url}/dev/dropSockets?account=${A_ACCOUNT}`, { method: 'POST' });
    await waitUntil(() => aSockets.length > socketsAfterUpdate, { timeout: 20_000, message: "A's next socket" });
    await aChat.deliveredMark(aChat.textRow(WRITTEN)).waitFor({ timeout: 20_000 });
    await bChat.textRow(WRITTEN).waitFor({ timeout: 20_000 });
    await b.page.reload();
    await bChat.textRow(WRITTEN).waitFor();
    assert.equal(await b.page.getByTestId('thread').getByText(exactly(WRITTEN)).count(), 1);

    assert.deepEqual(violations, []);
    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
