// A file on a slow line shows how far its upload has got: a ring with the percent beside the
// bubble, rising to 100, then the usual Unread / Read once the server has it. The slow line is
// Chromium's own network throttling (512 KB/s up), the rest is the real app and server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chatScreen, locale, startApp } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';

describe('upload progress (DEMO_MODE=true)', { timeout: 120_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'upload-progress', vars: { DEMO_MODE: 'true' } });
  });
  after(async () => {
    await app?.close();
  });

  test('a 3 MB file on a slow line shows its progress, then arrives', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    const [aUser, bUser] = await Promise.all([app.login(a.page, '13800000016', PASSWORD, { lang: 'en' }), app.login(b.page, '13800000017', PASSWORD, { lang: 'en' })]);
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    const cdp = await a.context.newCDPSession(a.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });

    const aChat = chatScreen(a.page);
    await aChat.moreButton.click();
    await a.page.getByLabel(en.chat.plus.file, { exact: true }).setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(3 * 1024 * 1024, 65) });
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
    assert.ok(seen.some((v) => v > 10 && v < 90), `values in between: ${seen}`);
    assert.deepEqual([...seen].sort((x, y) => x - y), seen, `never going back: ${seen}`);

    // Sent: the row now says Unread (or Read), and B has the file.
    const row = aChat.row({ hasText: 'big.txt' });
    await aChat.deliveredMark(row).waitFor();
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    await chatScreen(b.page).row({ hasText: 'big.txt' }).waitFor();

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
