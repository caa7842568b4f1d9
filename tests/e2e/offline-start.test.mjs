// The offline start, in Chromium against the built app: after one visit, with
// the network off (`setOffline`), a reload of a signed-out browser shows the login page (the
// service worker's shell, the stored system information); a signed-in one shows the chat list and
// a chat's last messages from IndexedDB with the disconnected notice and its emoji panel (the
// emoji data the service worker kept), and a message written then
// waits in the outbox and reaches the other user, side by side, once the network is back. After
// logging out, the browser's IndexedDB holds nothing of the user's chats.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;

/** The offline copy's database (lib/offline-cache) as { key: value }, {} when it does not exist. */
const offlineCopy = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open('parley-offline');
        request.onerror = () => reject(request.error);
        request.onupgradeneeded = () => request.result.createObjectStore('cache');
        request.onsuccess = () => {
          const db = request.result;
          const store = db.transaction('cache').objectStore('cache');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            db.close();
            resolve(Object.fromEntries(keys.result.map((key, i) => [key, values.result[i]])));
          };
          values.onerror = () => reject(values.error);
        };
      }),
  );

/** Waits until the service worker controls the page, so a reload offline gets the cached shell. */
const controlled = (page) =>
  waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
    message: 'the service worker to control the page',
  });

describe('the offline start (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'offline-start', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('after one visit, a reload without network shows the login page', async () => {
    const { page, context, errors } = await app.user({ language: 'en' });
    await page.goto(app.path('/pages/login/index'));
    await page.getByRole('heading', { name: en.login.welcome }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: en.login.welcome }).waitFor();
    // The form, not an error screen: the system information came from its stored copy.
    await page.getByLabel(en.login.account, { exact: true }).waitFor();
    await context.setOffline(false);
    assert.deepEqual(errors.map(String), []);
  });

  test('signed in, a reload without network shows the kept chats, and a message written then is delivered later', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    // The first load registered the service worker; the next one is under it.
    await a.page.evaluate(() => navigator.serviceWorker.ready);
    await a.page.reload();
    await controlled(a.page);
    const aChat = chatScreen(a.page);
    const bChat = chatScreen(b.page);

    // B writes to A; A opens the chat and reads it (the copy keeps it a second later).
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    await b.page.getByRole('heading', { name: aUser.realname, exact: true }).waitFor();
    await bChat.input.fill('said before the network went');
    await bChat.sendButton.click();
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await aChat.textRow('said before the network went').waitFor();
    // The emoji data, kept by the service worker once the panel has been opened.
    const emojiButton = a.page.getByRole('button', { name: en.chat.emojiButton, exact: true });
    const smileys = a.page.getByRole('group', { name: en.chat.emoji.smileys }).getByRole('button').first();
    await emojiButton.click();
    await smileys.waitFor();
    const said = (rows) => JSON.stringify(rows ?? []).includes('said before the network went');
    await waitUntil(async () => said((await offlineCopy(a.page))[`u${aUser.user_id}:thread:${bUser.user_id}`]), {
      message: "the kept page of A's chat with B",
    });
    await waitUntil(async () => said((await offlineCopy(a.page))[`u${aUser.user_id}:list`]), {
      message: "A's kept chat list",
    });

    // Offline, the chat list comes back from the copy, with the disconnected notice.
    await a.page.goto(app.path('/'));
    await a.page.getByRole('heading', { name: en.route.home }).waitFor();
    await a.context.setOffline(true);
    await a.page.reload();
    await a.page.getByRole('heading', { name: en.route.home }).waitFor();
    const list = a.page.getByRole('list', { name: en.route.home });
    await list.getByText(bUser.realname, { exact: true }).waitFor();
    await list.getByText('said before the network went').waitFor();
    await a.page.getByRole('alert').getByText(en.error.wsDisconnected).waitFor();

    // The chat opens with its last messages; a message written now waits in the outbox.
    await list.getByText(bUser.realname, { exact: true }).click();
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    await aChat.textRow('said before the network went').waitFor();
    await emojiButton.click();
    await smileys.waitFor();
    await emojiButton.click();
    await aChat.input.fill('written without network');
    await aChat.sendButton.click();
    const row = aChat.textRow('written without network');
    await row.getByRole('status', { name: en.chat.status.sending, exact: true }).waitFor();
    assert.equal(await aChat.unsentMark(row).count(), 0, 'no red mark for a network failure');
    assert.equal(await bChat.textRow('written without network').count(), 0);

    // The network is back: it goes out by itself, and B has it once.
    await a.context.setOffline(false);
    await aChat.deliveredMark(row).waitFor({ timeout: 30_000 });
    await bChat.textRow('written without network').waitFor({ timeout: 20_000 });
    assert.equal(await bChat.textRow('written without network').count(), 1);
    assert.equal(await a.page.getByRole('alert').getByText(en.error.wsDisconnected).count(), 0);

    // Logging out deletes the copy.
    await a.page.goto(app.path('/pages/mine/index'));
    await a.page.getByRole('button', { name: en.mine.logout, exact: true }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await a.page.getByRole('heading', { name: en.login.welcome }).waitFor();
    await waitUntil(async () => Object.keys(await offlineCopy(a.page)).length === 0, {
      message: 'an empty offline copy after logout',
    });
    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
