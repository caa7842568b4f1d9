// The "New messages ↓" pill on a phone: a message arriving in a chat too short
// to scroll is already on screen, so no pill, even when the chat was opened at a found message
// (which leaves the thread unpinned from the bottom); in a long chat scrolled up, the new message
// arrives below the reader and the pill says so, and tapping it brings the thread down to it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, exactly, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';

/** Whether the bubble with exactly `text` is inside the thread's visible area. */
async function onScreen(page, text) {
  const locator = page.getByTestId('bubble').filter({ hasText: exactly(text) });
  if ((await locator.count()) === 0) return false;
  const thread = await page.getByTestId('thread').boundingBox();
  const bubble = await locator.boundingBox();
  return Boolean(thread && bubble && bubble.y >= thread.y && bubble.y + bubble.height <= thread.y + thread.height);
}

describe('the "New messages" pill (DEMO_MODE=true, 390×844)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'new-messages-pill', vars: { DEMO_MODE: 'true' }, shared: true });
  });
  after(async () => {
    await app?.close();
  });

  /** Two new accounts: A signs in through the API and B in the browser; `send` posts A's text to B. */
  async function pair() {
    const [aAccount, bAccount] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
    const a = (await app.api('/common/pub/login', { account: aAccount, password: PASSWORD })).data;
    const b = await app.user({ language: 'en' });
    const bUser = await app.signIn(b.page, bAccount, PASSWORD, { lang: 'en' });
    const send = async (content) => {
      const sent = await app.api(
        '/enterprise/im/sendMessage',
        { id: crypto.randomUUID(), type: 'text', content, toContactId: bUser.user_id, is_group: 0 },
        a.authToken,
      );
      assert.equal(sent.code, 0, JSON.stringify(sent));
      return sent.data;
    };
    return { aId: a.userInfo.user_id, b, send };
  }

  test('a chat too short to scroll shows a new message without a pill, also when opened at a found message', async () => {
    const { aId, b, send } = await pair();
    const first = await send('short chat one');
    await send('short chat two');
    const chat = chatScreen(b.page);
    const pill = b.page.getByRole('button', { name: new RegExp(`^${en.chat.newMessages}`) });

    // Opened at its newest.
    await b.page.goto(app.path(`/pages/message/chat?id=${aId}`));
    await chat.textRow('short chat two').waitFor();
    await send('short chat three');
    await chat.textRow('short chat three').waitFor();
    assert.ok(await onScreen(b.page, 'short chat three'));
    assert.equal(await pill.count(), 0, 'no pill in a chat that does not scroll');

    // Opened at a found message (search hit): the thread is not pinned to the bottom, yet nothing is below the screen.
    await b.page.goto(app.path(`/pages/message/chat?id=${aId}&msg=${first.msg_id}`));
    await b.page.locator('[data-focused]').filter({ hasText: 'short chat one' }).waitFor();
    assert.equal(
      await b.page.getByTestId('thread').evaluate((el) => el.scrollHeight <= el.clientHeight),
      true,
      'the chat does not scroll',
    );
    await send('short chat four');
    await chat.textRow('short chat four').waitFor();
    // The pill would come with the row's layout: give it the frames it would take.
    await b.page.waitForTimeout(500);
    assert.ok(await onScreen(b.page, 'short chat four'));
    assert.equal(await pill.count(), 0, 'no pill for a message already on screen');
    assert.deepEqual(b.errors.map(String), []);
  });

  test('a long chat scrolled up shows the pill for a new message below, and the pill brings it into view', async () => {
    const { aId, b, send } = await pair();
    for (let i = 1; i <= 30; i++) await send(`long chat line ${i}`);
    const chat = chatScreen(b.page);
    const pill = b.page.getByRole('button', { name: new RegExp(`^${en.chat.newMessages}`) });
    await b.page.goto(app.path(`/pages/message/chat?id=${aId}`));
    await chat.textRow('long chat line 30').waitFor();
    await waitUntil(() => onScreen(b.page, 'long chat line 30'), { message: 'the newest on screen' });
    // Up a little, as someone rereading (not so far that older pages load).
    await b.page.getByTestId('thread').evaluate((el) => el.scrollBy(0, -400));
    await waitUntil(async () => !(await onScreen(b.page, 'long chat line 30')), { message: 'scrolled up' });
    await send('long chat news');
    await pill.waitFor();
    assert.equal(await onScreen(b.page, 'long chat news'), false, 'the new message is below the screen');
    await pill.click();
    await waitUntil(() => onScreen(b.page, 'long chat news'), { message: 'the new message on screen' });
    await pill.waitFor({ state: 'detached' });
    assert.deepEqual(b.errors.map(String), []);
  });
});
