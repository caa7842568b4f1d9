// Realtime messaging between two phones side by side: A writes to B (two new accounts).
// Texts, a photo and a file go from pending to sent; B's chat list updates live; B reads them and
// A sees "Read"; A recalls a message and B sees the notice; B's socket is dropped by the server
// while A sends three messages, and B catches up on its own, each message once and in order; a
// message of two lines shows as two lines on both phones.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';

import { chatScreen, exactly, locale, maskedAccount, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const fill = (text, params) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));

/** A real PNG (RGB, a colour gradient) built by hand, so the server's content sniffing accepts it. */
function makePng(width, height) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * 3 + 1); // each row: filter byte 0, then the pixels
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], start + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Holds every request to `pattern` on `page` until the test lets it through, so a state that
 * would otherwise flash by (a pending bubble, an offline phone) can be looked at calmly.
 */
async function holdRequests(page, pattern) {
  const held = [];
  await page.route(pattern, (route) => void held.push(route));
  return {
    /** Lets the next held request through (waiting until one arrives). */
    async release({ timeout = 15_000 } = {}) {
      const route = await waitUntil(() => held.shift(), { timeout, message: `a request to ${pattern}` });
      await route.continue();
    },
    stop: () => page.unroute(pattern),
  };
}

// The delivery mark beside an own bubble: a "Sending" spinner, then "Unread", then "Read"
// (chatScreen's deliveredMark is either of the last two).
const sendingMark = (row) => row.getByRole('status', { name: en.chat.status.sending });
// An upload shows the spinner until the browser reports progress, then the ring: either means "not sent yet".
const uploadingMark = (row) => sendingMark(row).or(row.getByRole('progressbar', { name: en.chat.status.uploading }));
const unreadMark = (row) => row.getByText(en.chat.status.unread, { exact: true });
const readMark = (row) => row.getByText(en.chat.status.read, { exact: true });

/** Resolves once `locator` has had exactly `count` matches for `ms` ms in a row. */
async function staysAt(locator, count, ms = 1500) {
  let since = Date.now();
  await waitUntil(
    async () => {
      if ((await locator.count()) !== count) since = Date.now();
      return Date.now() - since >= ms;
    },
    { timeout: ms + 15_000, message: `${locator} to stay at ${count}` },
  );
}

describe('realtime messaging between two users (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'messaging', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('text, photo and file arrive live, are read, recalled, and survive a dropped socket', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    // Every socket B's page opens, to see the server's drop and B's own reconnect.
    const bSockets = [];
    b.page.on('websocket', (ws) => bSockets.push(ws));

    // 1. A and B log in. B stays on the Messages tab, which is empty on a fresh server.
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    await b.page.getByText(en.chatList.emptyTitle, { exact: true }).waitFor();
    await waitUntil(() => bSockets.length === 1, { message: "B's socket" });

    // A opens the chat with B from the Contacts tab (B's row shows B's account under the name) and B's card.
    await a.page.getByRole('navigation').getByRole('link', { name: en.tabs.contacts, exact: true }).click();
    await a.page
      .getByRole('button')
      .filter({ hasText: maskedAccount(B_ACCOUNT) })
      .click();
    // The address book opens the person's card; its button opens the chat.
    await a.page.getByRole('button', { name: en.people.detail.sendMessage, exact: true }).click();
    await a.page.waitForURL((url) => url.hash === `#/pages/message/chat?id=${bUser.user_id}`);
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    const aChat = chatScreen(a.page);

    // B's chat list: the row for the chat with A, its unread badge, and the tab bar's total.
    const bChatRow = b.page
      .getByRole('list', { name: en.route.home })
      .getByRole('button')
      .filter({ hasText: aUser.realname });
    const bRowBadge = (n) =>
      bChatRow.getByLabel(fill(en.chatList[n === 1 ? 'unread_one' : 'unread_other'], { count: n }), { exact: true });
    const bTabBadge = b.page.getByTestId('tab-badge-messages');

    // 2. A sends a text, a photo and a file. The server's answers are held back for a moment, so
    // each bubble is seen pending ("Sending") first, then sent ("Unread": B has not read it yet).
    // 3. In between, B's Messages tab updates live: the row appears, its badge counts 1, 2, 3, the
    // preview follows the last message, and the tab bar shows the same total.
    const hello = `Hello ${bUser.realname}, greetings from the e2e test`;
    const sends = await holdRequests(a.page, '**/enterprise/im/sendMessage');
    await aChat.input.fill(hello);
    await aChat.sendButton.click();
    await sendingMark(aChat.textRow(hello)).waitFor();
    await sends.release();
    await unreadMark(aChat.textRow(hello)).waitFor();
    await sendingMark(aChat.textRow(hello)).waitFor({ state: 'detached' });
    await sends.stop();

    await bRowBadge(1).waitFor();
    await bChatRow.getByText(hello, { exact: true }).waitFor();
    await waitUntil(async () => (await bTabBadge.innerText()).trim() === '1', { message: 'tab badge 1' });

    const png = makePng(64, 48);
    const uploads = await holdRequests(a.page, '**/common/upload/uploadFile');
    await aChat.moreButton.click();
    await a.page
      .getByLabel(en.chat.plus.photos, { exact: true })
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: png });
    await uploadingMark(aChat.imageRow()).waitFor();
    await uploads.release();
    await unreadMark(aChat.imageRow()).waitFor();

    await bRowBadge(2).waitFor();
    await bChatRow.getByText(en.chatList.preview.image, { exact: true }).waitFor();
    await waitUntil(async () => (await bTabBadge.innerText()).trim() === '2', { message: 'tab badge 2' });

    const fileName = 'meeting-notes.txt';
    const fileRow = aChat.row({ hasText: fileName });
    await aChat.moreButton.click();
    await a.page.getByLabel(en.chat.plus.file, { exact: true }).setInputFiles({
      name: fileName,
      mimeType: 'text/plain',
      buffer: Buffer.from('Agenda\n1. Realtime messaging\n2. Reconnects\n'),
    });
    await uploadingMark(fileRow).waitFor();
    await uploads.release();
    await unreadMark(fileRow).waitFor();
    await uploads.stop();

    await bRowBadge(3).waitFor();
    await bChatRow.getByText(en.chatList.preview.file, { exact: true }).waitFor();
    await waitUntil(async () => (await bTabBadge.innerText()).trim() === '3', { message: 'tab badge 3' });
    // Still the one socket: all of that came live, without a reload or reconnect.
    assert.equal(bSockets.length, 1);

    // 4. B opens the chat: the text, the photo (really loaded from the server) and the file's name.
    await bChatRow.click();
    await b.page.waitForURL((url) => url.hash === `#/pages/message/chat?id=${aUser.user_id}`);
    const bChat = chatScreen(b.page);
    await bChat.textRow(hello).waitFor();
    const bImage = bChat.imageRow().locator('img');
    await waitUntil(() => bImage.evaluate((img) => img.complete && img.naturalWidth > 0 && img.src), {
      message: "B's photo to load",
    }).then((src) => assert.doesNotMatch(src, /^blob:/, 'B shows the server copy of the photo'));
    assert.deepEqual(await bImage.evaluate((img) => [img.naturalWidth, img.naturalHeight]), [64, 48]);
    await bChat.row({ hasText: fileName }).waitFor();

    // A sees all three marked "Read".
    for (const row of [aChat.textRow(hello), aChat.imageRow(), fileRow]) await readMark(row).waitFor();

    // 5. A recalls the text (long press / context menu → Recall → OK). A sees "You recalled a
    // message"; B, live, sees "<A> recalled a message" where the text was.
    await aChat.textRow(hello).getByTestId('bubble').click({ button: 'right' });
    await a.page.getByRole('menuitem', { name: en.chat.menu.recall, exact: true }).click();
    const dialog = a.page.getByRole('alertdialog');
    await dialog.getByText(en.chat.recall.confirm).waitFor();
    await dialog.getByRole('button', { name: en.common.confirm, exact: true }).click();
    await a.page.getByText(en.chat.recall.byMe).waitFor();
    await aChat.textRow(hello).waitFor({ state: 'detached' });

    await b.page.getByText(fill(en.chat.recall.byOther, { name: aUser.realname }), { exact: true }).waitFor();
    await bChat.textRow(hello).waitFor({ state: 'detached' });
    // The photo and the file are still there on both sides.
    await bChat.imageRow().waitFor();
    await bChat.row({ hasText: fileName }).waitFor();

    // 6. The server drops B's socket. B's first retry comes 5 s later; its ticket request is held
    // until A has sent "one", "two", "three", so B surely gets them by catching up, not live.
    const bTickets = await holdRequests(b.page, '**/common/pub/wsTicket');
    const dropped = await fetch(`${app.url}/dev/dropSockets?account=${B_ACCOUNT}`, { method: 'POST' }).then((r) =>
      r.json(),
    );
    assert.ok(dropped.data?.dropped >= 1, `the server closed B's socket: ${JSON.stringify(dropped)}`);
    await waitUntil(() => bSockets[0].isClosed(), { message: "B's socket to close" });

    const burst = ['one', 'two', 'three'];
    for (const text of burst) {
      await aChat.input.fill(text);
      await aChat.sendButton.click();
      await aChat.deliveredMark(aChat.textRow(text)).waitFor();
    }
    assert.deepEqual(
      (await aChat.bubbleTexts()).filter((t) => burst.includes(t)),
      burst,
    );
    // B is offline: none of them has arrived.
    for (const text of burst) assert.equal(await bChat.textRow(text).count(), 0, `"${text}" reached B while offline`);

    // B's own retry asks for a ticket (within ~5 s of the drop), gets it, and reconnects.
    await bTickets.release({ timeout: 20_000 });
    await bTickets.stop();
    await waitUntil(() => bSockets.length === 2, { timeout: 20_000, message: "B's new socket" });

    // B shows each of the three, in order, exactly once, and it stays that way.
    await waitUntil(async () => (await bChat.bubbleTexts()).filter((t) => burst.includes(t)).length >= 3, {
      timeout: 20_000,
      message: 'B to show one, two, three',
    });
    // (The thread is virtualized, but this short chat fits the screen: every row is in the DOM.)
    await Promise.all(burst.map((text) => staysAt(bChat.bubbles.filter({ hasText: exactly(text) }), 1)));
    assert.deepEqual(
      (await bChat.bubbleTexts()).filter((t) => burst.includes(t)),
      burst,
    );
    // B has the chat open, so A sees the three marked "Read" once B has them.
    for (const text of burst) await readMark(aChat.textRow(text)).waitFor({ timeout: 20_000 });
    assert.equal(bSockets.length, 2, 'B reconnected once');

    // 7. A message of two lines shows as two lines on both phones (innerText follows the CSS).
    await aChat.input.fill('first line\nsecond line');
    await aChat.sendButton.click();
    for (const chat of [aChat, bChat]) {
      const bubble = chat.bubbles.filter({ hasText: 'second line' });
      await bubble.waitFor({ timeout: 20_000 });
      assert.equal((await bubble.innerText()).trim(), 'first line\nsecond line');
    }

    // 8. No page errors on either phone (none is expected, so none is excused).
    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
