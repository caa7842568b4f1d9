// Finding an old message opens the chat at it: B searches a long chat's history (from the chat's
// details, and from the search page), taps a hit three pages back, and the chat loads back to it,
// shows it on screen and marks it for a moment; a hit that is gone opens the chat at the newest;
// tapping the quote under a reply goes back to the quoted message the same way; far up, a button
// leads back to the newest; a word wider than the screen wraps inside its bubble and its quote.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { exactly, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const COUNT = 70;
const line = (i) =>
  `old line ${i}${i === 4 ? ' with the quince recipe' : ''}${i === 50 ? ' about the quince harvest' : ''}`;

/** Whether the bubble with exactly `text` is inside the thread's visible area. */
async function onScreen(page, text) {
  const locator = page.getByTestId('bubble').filter({ hasText: exactly(text) });
  // The thread is virtualized: a row far from the screen is not in the page at all.
  if ((await locator.count()) === 0) return false;
  const thread = await page.getByTestId('thread').boundingBox();
  const bubble = await locator.boundingBox();
  return Boolean(thread && bubble && bubble.y >= thread.y && bubble.y + bubble.height <= thread.y + thread.height);
}

describe('opening a chat at a found or quoted message (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'history-search', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('a search hit far back opens the chat there, marked; a missing one opens at the newest; a quote leads back to its message', async () => {
    const a = (await app.api('/common/pub/login', { account: A_ACCOUNT, password: PASSWORD })).data;
    const b = await app.user({ language: 'en' });
    const bUser = await app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' });
    for (let i = 0; i < COUNT; i++) {
      const sent = await app.api(
        '/enterprise/im/sendMessage',
        { id: crypto.randomUUID(), type: 'text', content: line(i), toContactId: bUser.user_id, is_group: 0 },
        a.authToken,
      );
      assert.equal(sent.code, 0, JSON.stringify(sent));
    }
    const aId = a.userInfo.user_id;
    const focused = b.page.locator('[data-focused]');

    // 1. From the chat's details: "Search chat history", a word, the older of the two hits.
    await b.page.goto(app.path(`/pages/message/detail?id=${aId}`));
    await b.page.getByText(en.chatDetail.searchHistory, { exact: true }).click();
    await b.page.getByPlaceholder(en.chatDetail.searchPlaceholder).fill('quince');
    await b.page.getByText(/recipe/).click();
    await b.page.waitForURL((url) => url.hash.startsWith(`#/pages/message/chat?id=${aId}&msg=`));
    // 65 messages after it: the chat had to load three older pages to reach it.
    await focused.filter({ hasText: line(4) }).waitFor();
    await waitUntil(() => onScreen(b.page, line(4)), { message: 'the hit on screen' });
    assert.equal(await onScreen(b.page, line(COUNT - 1)), false, 'not opened at the newest');
    // The mark goes after a moment; the message stays where it is.
    await focused.waitFor({ state: 'detached', timeout: 5000 });
    assert.ok(await onScreen(b.page, line(4)));
    // Opening a chat at an old message is not "new messages".
    assert.equal(await b.page.getByText(en.chat.newMessages).count(), 0);
    // Far up the history, a button leads back to the newest, and goes once there.
    const toLatest = b.page.getByRole('button', { name: en.chat.toLatest, exact: true });
    await toLatest.click();
    await waitUntil(() => onScreen(b.page, line(COUNT - 1)), { message: 'the newest on screen' });
    await toLatest.waitFor({ state: 'detached' });

    // 2. From the search page: the newer hit.
    await b.page.goto(app.path('/pages/index/search'));
    await b.page.getByPlaceholder(en.search.placeholder).fill('quince harvest');
    await b.page.getByRole('button', { name: /quince harvest/ }).click();
    await focused.filter({ hasText: line(50) }).waitFor();
    await waitUntil(() => onScreen(b.page, line(50)), { message: 'the second hit on screen' });

    // 3. A message that is not there (recalled, expired): the chat opens at the newest.
    await b.page.goto(app.path(`/pages/message/chat?id=${aId}&msg=99999`));
    await waitUntil(() => onScreen(b.page, line(COUNT - 1)), { message: 'the newest on screen' });
    assert.equal(await focused.count(), 0);

    // 4. A quote under a new reply, tapped: the thread goes back to the quoted message (msg_id 5,
    // the fifth message) and marks it, loading what it needs.
    const quoting = await app.api(
      '/enterprise/im/sendMessage',
      {
        id: crypto.randomUUID(),
        type: 'text',
        content: 'that recipe again?',
        toContactId: bUser.user_id,
        is_group: 0,
        pid: 5,
      },
      a.authToken,
    );
    assert.equal(quoting.data?.extends?.quote?.msg_id, 5, JSON.stringify(quoting));
    await b.page.goto(app.path(`/pages/message/chat?id=${aId}`));
    await b.page.reload(); // a fresh thread: only the newest page is loaded
    const quote = b.page.getByRole('button', { name: new RegExp(`^${en.chat.showQuoted.replace('{{quote}}', '')}`) });
    await quote.click();
    await focused.filter({ hasText: line(4) }).waitFor();
    await waitUntil(() => onScreen(b.page, line(4)), { message: 'the quoted message on screen' });

    // 5. A word longer than the screen is wide wraps inside its bubble, and so does its quote.
    const long = 'x'.repeat(300);
    await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: long, toContactId: bUser.user_id, is_group: 0 },
      a.authToken,
    );
    const longSent = await app.api('/enterprise/im/getMessageList', { toContactId: bUser.user_id }, a.authToken);
    const longId = longSent.data.at(-1).msg_id;
    await app.api(
      '/enterprise/im/sendMessage',
      {
        id: crypto.randomUUID(),
        type: 'text',
        content: 'about that',
        toContactId: bUser.user_id,
        is_group: 0,
        pid: longId,
      },
      a.authToken,
    );
    // B is still reading the quoted message far up: the new ones arrive below, behind the pill.
    await b.page.getByText(en.chat.newMessages).click();
    const width = b.page.viewportSize().width;
    const longBubble = b.page.getByTestId('bubble').filter({ hasText: exactly(long) });
    await longBubble.waitFor();
    const quoteButton = b.page.getByRole('button', { name: new RegExp(`xxxxxxxxxx`) });
    await quoteButton.waitFor();
    for (const box of [await longBubble.boundingBox(), await quoteButton.boundingBox()]) {
      assert.ok(box.x >= 0 && box.x + box.width <= width, `inside the screen: ${JSON.stringify(box)} of ${width}`);
    }

    assert.deepEqual(b.errors.map(String), []);
  });
});
