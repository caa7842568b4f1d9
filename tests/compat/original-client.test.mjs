// The original Raingad web client against Parley, run by hand: `CLIENT_DIST=/path/to/dist
// npm run test:compat`, where dist is that client's production build (docs/compatibility.md, "The original
// clients" says how to build it; CI cannot fetch its source). Its build is served same-origin with
// Parley's API by tests/compat/client-proxy.mjs. A signs in with it (a desktop window, in its own
// Chinese UI); B uses Parley's app: A sees the chat list, messages go both ways live, A recalls one,
// forwards one, and opens the file list.
import assert from 'node:assert/strict';
import { appendFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chatScreen, startApp, waitUntil } from '../e2e/harness.mjs';
import { startClientProxy } from './client-proxy.mjs';

const DIST = process.env.CLIENT_DIST ? resolve(process.env.CLIENT_DIST) : '';
const PASSWORD = '123456';
const [A, B, C] = ['13800000002', '13800000003', '13800000004'];
/** A message bubble's text in the original client's chat pane. */
const bubble = (page, text) => page.locator('.lemon-message__content', { hasText: text }).first();
const DESKTOP = { viewport: { width: 1280, height: 860 }, isMobile: false, hasTouch: false };

if (!DIST || !existsSync(`${DIST}/index.html`)) {
  console.error(
    "CLIENT_DIST must name the original web client's build (a folder with index.html); see docs/compatibility.md.",
  );
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
    // RECORD=file keeps every API call the client makes (method, path, headers it adds, body) and
    // every frame its socket receives, one JSON line each: the source of the recorded-shapes suite.
    if (process.env.RECORD) {
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.host !== new URL(proxy.url).host || !/^\/(common|enterprise|filedown|avatar)\//.test(url.pathname))
          return;
        const h = r.headers();
        const line = {
          method: r.method(),
          path: url.pathname,
          type: h['content-type'],
          sessionId: !!h.sessionid,
          auth: h.authorization?.split(' ')[0],
          body: r.postData(),
        };
        appendFileSync(process.env.RECORD, `${JSON.stringify(line)}\n`);
      });
      page.on('websocket', (ws) => {
        ws.on('framesent', (f) =>
          appendFileSync(process.env.RECORD, `${JSON.stringify({ sent: String(f.payload) })}\n`),
        );
        ws.on('framereceived', (f) =>
          appendFileSync(process.env.RECORD, `${JSON.stringify({ received: String(f.payload).slice(0, 600) })}\n`),
        );
      });
    }
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
    // It reloads once signed in and, with DEMO_MODE on, lands on its demo page; its chat screen is /chat.
    await page.waitForURL((url) => url.hash === '#/demo');
    await page.goto(`${proxy.url}/#/chat`);
    await waitUntil(() => frames.some((f) => f.includes('"type":"pong"')), {
      message: 'the bound socket',
      timeout: 20_000,
    });
    return { page, frames, errors };
  };

  // One window of the original client for the whole flow: a second sign-in as A would end the first
  // (its socket hears `offline` for another device and the client logs itself out, as it did).
  let original;
  let bPage;
  let bChat;

  test('signs in, lists the chats and binds its socket', async () => {
    const [a, b] = [people[A], people[B]];
    await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'Hi A, it is B', toContactId: a.userInfo.user_id },
      b.authToken,
    );
    original = await openOriginal();
    await original.page.getByText(b.userInfo.realname, { exact: true }).first().waitFor();
    await original.page.getByText('Hi A, it is B').first().waitFor();
  });

  test("messages go both ways live between the original client and Parley's app", async () => {
    const { page } = original;
    const [a, b] = [people[A].userInfo, people[B].userInfo];
    ({ page: bPage } = await app.user({ language: 'en' }));
    await app.login(bPage, B, PASSWORD, { lang: 'en' });
    await bPage.goto(app.path(`/pages/message/chat?id=${a.user_id}`));
    bChat = chatScreen(bPage);
    await bChat.input.waitFor();

    await page.getByText(b.realname, { exact: true }).first().click();
    await page.screenshot({ path: '/tmp/compat-open.png' });
    const editor = page.locator('.lemon-editor__input');
    await editor.click();
    await page.keyboard.type('Hello from the original client');
    await page.keyboard.press('Enter');
    await bChat.textRow('Hello from the original client').waitFor();

    await bChat.input.fill('Hello back from Parley');
    await bChat.sendButton.click();
    await bubble(page, 'Hello back from Parley').waitFor();
  });

  test('recalls its message (Parley shows the recall) and forwards one to a third person', async () => {
    const { page } = original;
    const [a, c] = [people[A], people[C]];
    await bubble(page, 'Hello from the original client').click({ button: 'right' });
    await page.getByText('撤回消息', { exact: true }).click();
    await bChat.textRow('Hello from the original client').waitFor({ state: 'detached' });

    await bubble(page, 'Hello back from Parley').click({ button: 'right' });
    await page.getByText('转发', { exact: true }).click();
    const dialog = page.locator('.el-dialog', { hasText: '转发聊天' });
    await dialog.locator('.el-transfer-panel').first().getByText(c.userInfo.realname, { exact: true }).click();
    await dialog.locator('.el-transfer__buttons button').nth(1).click();
    await dialog.getByRole('button', { name: /确 定/ }).click();
    await waitUntil(
      async () => {
        const list = await app.api('/enterprise/im/getMessageList', { toContactId: a.userInfo.user_id }, c.authToken);
        return list.data?.some((m) => m.content === 'Hello back from Parley' && m.from_user === a.userInfo.user_id);
      },
      { message: 'the forward in C’s chat with A' },
    );
  });

  test('opens its file list: a file B sent is there, and downloads', async () => {
    const { page } = original;
    const [a, b] = [people[A], people[B]];
    const form = new FormData();
    form.set('file', new File(['minutes of the meeting'], 'minutes.txt'));
    form.set('message', JSON.stringify({ id: crypto.randomUUID(), toContactId: a.userInfo.user_id }));
    const sent = await (
      await fetch(`${app.url}/common/upload/uploadFile`, {
        method: 'POST',
        headers: { authorization: b.authToken },
        body: form,
      })
    ).json();
    assert.equal(sent.code, 0, JSON.stringify(sent));
    await page.locator('.el-icon-folder').click();
    // Its panel loaded when the client started; the "received" tab asks again (role=2).
    await page.getByRole('tab', { name: '我收到的' }).click();
    await page.locator(':text("minutes.txt"):visible').first().waitFor();
    // Its download link answers the file, as an attachment, with the cookie login set.
    const saved = await page.evaluate(
      (url) => fetch(url).then((r) => [r.status, r.headers.get('content-disposition')]),
      sent.data.download,
    );
    assert.deepEqual(saved, [200, "attachment; filename*=UTF-8''minutes.txt"]);
  });
});
