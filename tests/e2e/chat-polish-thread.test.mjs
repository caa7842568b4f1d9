// The chat thread's polish on a phone with a touch screen, two users side by side: a long press
// on a bubble opens the message menu and it stays open when the finger lifts (the click that
// ends a touch used to land on the menu's backdrop and close it at once); a tap outside closes
// it. A message of only a few emoji is drawn larger than text; every bubble shows its time; a
// forwarded copy says "Forwarded" on both phones; the emoji panel loads from this server only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, maskedAccount, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A finger held on `locator` for `ms` then lifted, through the browser's real touch input (CDP);
 * `whileHeld` runs just before the finger lifts.
 */
async function longPress(page, locator, { ms = 800, whileHeld = async () => {} } = {}) {
  const box = await locator.boundingBox();
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(ms);
  await whileHeld();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const fontSizeOf = (locator) =>
  locator.evaluate((el) => {
    // The largest font size inside the bubble: the emoji's, or the text's.
    const sizes = [el, ...el.querySelectorAll('*')].map((node) => parseFloat(getComputedStyle(node).fontSize));
    return Math.max(...sizes);
  });

describe('chat thread polish on a touch phone (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'chat-polish-thread', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('the long-press menu stays open after the finger lifts; emoji-only messages are larger; times and Forwarded show', async () => {
    const [a, b] = await app.users(2, { language: 'en' });
    const [, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    await a.page.getByRole('navigation').getByRole('link', { name: en.tabs.contacts, exact: true }).click();
    await a.page
      .getByRole('button')
      .filter({ hasText: maskedAccount(B_ACCOUNT) })
      .click();
    // The address book opens the person's card; its button opens the chat.
    await a.page.getByRole('button', { name: en.people.detail.sendMessage, exact: true }).click();
    await a.page.waitForURL((url) => url.hash === `#/pages/message/chat?id=${bUser.user_id}`);
    const aChat = chatScreen(a.page);

    const text = 'Long press me, please';
    for (const message of [text, '😀🎉👍']) {
      await aChat.input.fill(message);
      await aChat.sendButton.click();
      await aChat.deliveredMark(aChat.textRow(message)).waitFor();
    }

    // 1. A finger held on the bubble opens the menu, and lifting it leaves the menu open.
    const menu = a.page.getByRole('menu');
    await longPress(a.page, aChat.textRow(text).getByTestId('bubble'), {
      whileHeld: () => menu.waitFor({ timeout: 2000 }),
    });
    await sleep(600);
    assert.equal(await menu.isVisible(), true, 'the menu is still open after the finger lifted');
    await a.page.screenshot({ path: '/tmp/chat-polish-menu-after-release.png' });

    // 2. A tap outside the menu closes it (and does nothing else).
    await a.page.touchscreen.tap(195, 300);
    await menu.waitFor({ state: 'detached' });

    // 3. An emoji-only message is drawn much larger than a text message.
    const textSize = await fontSizeOf(aChat.textRow(text).getByTestId('bubble'));
    const emojiSize = await fontSizeOf(aChat.textRow('😀🎉👍').getByTestId('bubble'));
    assert.ok(emojiSize >= textSize * 1.8, `emoji-only ${emojiSize}px vs text ${textSize}px`);

    // 4. Each bubble shows its time of day (HH:mm) inside the row.
    await aChat
      .textRow(text)
      .getByText(/^\d{2}:\d{2}$/)
      .first()
      .waitFor();

    // 5. A forwards the text into the same chat through the API (the picker offers only other
    // chats): the copy says "Forwarded" on both phones, the original does not.
    const token = await a.page.evaluate(() => JSON.parse(localStorage.getItem('uni_id_token')));
    const msgId = await aChat.textRow(text).locator('[data-msg-id]').getAttribute('data-msg-id');
    const forwarded = await app.api(
      '/enterprise/im/forwardMessage',
      { msg_id: Number(msgId), toContactId: bUser.user_id, user_ids: [bUser.user_id] },
      token,
    );
    assert.equal(forwarded.code, 0, JSON.stringify(forwarded));
    await waitUntil(async () => (await aChat.textRow(text).count()) === 2, {
      message: 'the forwarded copy in A’s thread',
    });
    await aChat.textRow(text).last().getByText(en.chat.forwarded, { exact: true }).waitFor();
    assert.equal(
      await aChat.textRow(text).first().getByText(en.chat.forwarded, { exact: true }).count(),
      0,
      'the original is not marked',
    );
    await a.page.screenshot({ path: '/tmp/chat-polish-thread-a.png' });
    await b.page.getByRole('list', { name: en.route.home }).getByRole('button').first().click();
    const bChat = chatScreen(b.page);
    await bChat.textRow(text).last().getByText(en.chat.forwarded, { exact: true }).waitFor();
    await b.page.screenshot({ path: '/tmp/chat-polish-thread-b.png' });

    // 6. The emoji panel loads its data from this server only, and search picks an emoji.
    const foreign = [];
    a.page.on('request', (r) => !r.url().startsWith(app.url) && !r.url().startsWith('data:') && foreign.push(r.url()));
    await a.page.getByRole('button', { name: en.chat.emojiButton, exact: true }).click();
    await a.page
      .getByRole('group', { name: en.chat.emoji.recent })
      .or(a.page.getByRole('group', { name: en.chat.emoji.smileys }))
      .waitFor();
    await a.page.getByRole('searchbox', { name: en.chat.emoji.search }).fill('pizza');
    await a.page
      .getByRole('group', { name: en.chat.emoji.results })
      .getByRole('button', { name: 'pizza', exact: true })
      .click();
    assert.equal(await aChat.input.inputValue(), '🍕');
    await a.page.screenshot({ path: '/tmp/chat-polish-emoji-panel.png' });
    assert.deepEqual(foreign, [], 'nothing loaded from another host');

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
