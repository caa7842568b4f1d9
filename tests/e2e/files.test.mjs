// Sending files beyond the "+" panel. A file on a slow line shows how far its upload has got: a
// ring with the percent beside the bubble, rising to 100, then the usual Unread / Read once the
// server has it (the slow line is Chromium's own network throttling, 512 KB/s up). A screenshot
// pasted into the composer and a file dropped on the chat go out once confirmed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, startApp } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let people = [];

describe('sending files (DEMO_MODE=true)', { timeout: 120_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'files', vars: { DEMO_MODE: 'true' }, shared: true });
    people = (await app.newPeople(4, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('a 3 MB file on a slow line shows its progress, then arrives', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, people[0], PASSWORD, { lang: 'en' }),
      app.signIn(b.page, people[1], PASSWORD, { lang: 'en' }),
    ]);
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    const cdp = await a.context.newCDPSession(a.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });

    const aChat = chatScreen(a.page);
    await aChat.moreButton.click();
    await a.page
      .getByLabel(en.chat.plus.file, { exact: true })
      .setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3 * 1024 * 1024, 65) });
    const bar = a.page.getByRole('progressbar', { name: en.chat.status.uploading });
    const seen = [];
    // About 6 s at 512 KB/s: read the bar until it is gone.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const value = await bar.getAttribute('aria-valuenow', { timeout: 250 }).catch(() => null);
      if (value === null && seen.length > 0) break;
      if (value !== null) seen.push(Number(value));
      await a.page.waitForTimeout(100);
    }
    assert.ok(seen.length >= 5, `the bar was seen rising: ${seen}`);
    assert.ok(
      seen.some((v) => v > 10 && v < 90),
      `values in between: ${seen}`,
    );
    assert.deepEqual(
      [...seen].sort((x, y) => x - y),
      seen,
      `never going back: ${seen}`,
    );

    // Sent: the row now says Unread (or Read), and B has the file.
    const row = aChat.row({ hasText: 'big.txt' });
    await aChat.deliveredMark(row).waitFor();
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    await chatScreen(b.page).row({ hasText: 'big.txt' }).waitFor();

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });

  test('a pasted screenshot and a dropped file go out once confirmed', async () => {
    const a = await app.user({ language: 'vi' });
    const b = await app.user({ language: 'vi' });
    const vi = locale('vi');
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, people[2], PASSWORD),
      app.signIn(b.page, people[3], PASSWORD),
    ]);
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    const aChat = chatScreen(a.page, 'vi');
    const dialog = a.page.getByRole('alertdialog');

    // A screenshot on the clipboard (a real PNG made by the page's canvas), pasted into the box.
    await aChat.input.focus();
    await aChat.input.evaluate(async (input) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 40, height: 30 });
      canvas.getContext('2d').fillRect(0, 0, 40, 30);
      const png = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
      const data = new DataTransfer();
      data.items.add(new File([png], 'image.png', { type: 'image/png' }));
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await dialog.getByText(vi.chat.pick.confirmOne.replace('{{name}}', 'image.png')).waitFor();
    await dialog.getByRole('button', { name: vi.common.confirm }).click();
    await aChat.deliveredMark(aChat.imageRow()).waitFor();

    // A file dragged from the desktop onto the thread: the hint while it is over, then the question.
    const thread = aChat.thread;
    const data = await a.page.evaluateHandle(() => {
      const d = new DataTransfer();
      d.items.add(new File(['Agenda for Monday'], 'agenda.txt', { type: 'text/plain' }));
      return d;
    });
    await thread.dispatchEvent('dragenter', { dataTransfer: data });
    await a.page.getByText(vi.chat.pick.dropHere).waitFor();
    await thread.dispatchEvent('dragover', { dataTransfer: data });
    await thread.dispatchEvent('drop', { dataTransfer: data });
    assert.equal(await a.page.getByText(vi.chat.pick.dropHere).count(), 0, 'the hint goes with the drop');
    await dialog.getByText(vi.chat.pick.confirmOne.replace('{{name}}', 'agenda.txt')).waitFor();
    await dialog.getByRole('button', { name: vi.common.confirm }).click();
    await aChat.deliveredMark(aChat.row({ hasText: 'agenda.txt' })).waitFor();

    // B has both.
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    const bChat = chatScreen(b.page, 'vi');
    await bChat.imageRow().waitFor();
    await bChat.row({ hasText: 'agenda.txt' }).waitFor();

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
