// The chat list's polish in Chromium on a touch phone, two users side by side:
// - a message with angle brackets ("a<b and c>d") previews whole in the chat list;
// - a send that failed while the network was off (Playwright's setOffline cuts HTTP but not the
//   open WebSocket) stays pending, never the red mark, and goes out by itself when the network
//   returns, with the socket never closed or replaced;
// - the long-press sheet stays open when the finger lifts, and closes on a tap outside, a wheel
//   over the list, and Back (which then leaves the list where it was);
// - an offline contact's header says "Last seen just now";
// - the login's refusal toast does not follow the user to the registration page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const TAGLIKE = 'a<b and c>d';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A finger held on `locator` for `ms`, then lifted, through the browser's real touch input (CDP). */
async function longPress(page, locator, ms = 900) {
  const box = await locator.boundingBox();
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('chat list polish on a touch phone (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'chat-polish-list', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('previews, the outbox with the socket left open, the long-press sheet, last seen', async () => {
    const [a, b] = await app.users(2, { language: 'en' });
    const aSockets = [];
    a.page.on('websocket', (ws) => aSockets.push(ws));
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    const aChat = chatScreen(a.page);
    const send = async (text) => {
      await aChat.input.fill(text);
      await aChat.sendButton.click();
    };

    // 1. The preview shows the text as written, brackets and all.
    await send(TAGLIKE);
    await aChat.deliveredMark(aChat.textRow(TAGLIKE)).waitFor();
    const bRow = b.page
      .getByRole('list', { name: en.route.home })
      .getByRole('button', { name: new RegExp(aUser.realname) });
    await bRow.getByText(TAGLIKE, { exact: true }).waitFor();

    // 2. The network goes (requests fail, the socket stays open): the message waits, pending.
    const socketsBefore = aSockets.length;
    assert.ok(socketsBefore >= 1 && !aSockets.at(-1).isClosed(), 'A has an open socket');
    const OFFLINE_TEXT = 'written while the network was off';
    await a.context.setOffline(true);
    await send(OFFLINE_TEXT);
    const pending = aChat.textRow(OFFLINE_TEXT);
    await pending.getByRole('status', { name: en.chat.status.sending, exact: true }).waitFor();
    await sleep(2500);
    assert.equal(await aChat.unsentMark(pending).count(), 0, 'a network failure is not shown as refused');
    assert.equal(await bRow.getByText(OFFLINE_TEXT).count(), 0, 'nothing reached B while offline');
    // The network returns; nobody touches anything and the socket is never replaced.
    await a.context.setOffline(false);
    await aChat.deliveredMark(pending).waitFor({ timeout: 20_000 });
    await bRow.getByText(OFFLINE_TEXT, { exact: true }).waitFor();
    assert.equal(aSockets.length, socketsBefore, 'no new socket was opened');
    assert.equal(aSockets.at(-1).isClosed(), false, 'the socket stayed open');

    // 3. B's long-press sheet on A's chat: it stays open after the finger lifts...
    const sheet = b.page.getByRole('menu', { name: aUser.realname });
    const homeHash = await b.page.evaluate(() => location.hash);
    await longPress(b.page, bRow);
    await sheet.waitFor();
    await sleep(500);
    assert.equal(await sheet.isVisible(), true, 'the sheet stays open when the finger lifts');
    // ...closes on a tap outside it...
    await b.page.touchscreen.tap(200, 80);
    await sheet.waitFor({ state: 'detached' });
    // ...on a wheel over the list...
    await longPress(b.page, bRow);
    await sheet.waitFor();
    await b.page.mouse.move(200, 120);
    await b.page.mouse.wheel(0, 200);
    await sheet.waitFor({ state: 'detached' });
    // ...and on Back, which leaves the list where it was.
    await longPress(b.page, bRow);
    await sheet.waitFor();
    await b.page.goBack();
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await b.page.evaluate(() => location.hash), homeHash, 'Back closed the sheet only');
    await b.page.getByRole('heading', { name: en.route.home }).waitFor();

    // 4. B leaves: A's header says when B was last seen.
    await b.page.close();
    await a.page.getByText(`Last seen ${en.time.justNow}`, { exact: true }).waitFor({ timeout: 20_000 });

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });

  test("the login's refusal toast does not follow to the registration page", async () => {
    const { page, errors } = await app.user({ language: 'en' });
    await page.goto(app.path('/pages/login/index'));
    await page.getByLabel(en.login.account, { exact: true }).fill(A_ACCOUNT);
    await page.getByLabel(en.login.password, { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: en.login.submit, exact: true }).click();
    const toast = page.getByRole('status').filter({ hasText: /\S/ });
    await toast.first().waitFor();
    await page.getByRole('link', { name: en.login.toRegister, exact: true }).click();
    await page.getByRole('heading', { name: en.register.title }).waitFor();
    await waitUntil(async () => (await toast.count()) === 0, {
      timeout: 1000,
      message: 'the toast to go with the login page',
    });
    assert.deepEqual(errors.map(String), []);
  });
});
