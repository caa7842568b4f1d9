// My QR card and the scanner in Chromium, on the built app: the card draws my link,
// "Save as image" downloads a PNG of it; Linux Chromium has no BarcodeDetector, so "Choose a
// picture" reads a saved QR code with the `qr` package's decoder (loaded only on the scan screen)
// and opens the person's page, while a foreign code is named as not ours; the saved card then
// goes through the avatar crop (canvas, square WebP/JPEG) and upload on the profile page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import encodeQR from 'qr';

import { locale, startApp } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';

describe('QR card, scan and avatar in Chromium (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  let alice;
  let bob;
  let savedCard;
  before(async () => {
    app = await startApp({ name: 'people-qr', vars: { DEMO_MODE: 'true' }, shared: true });
    // Accounts of this file's own, so the file may share its server with others.
    const [aliceAccount, bobAccount] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
    [alice, bob] = await app.users(2, { language: 'en' });
    await app.signIn(alice.page, aliceAccount, PASSWORD, { lang: 'en' });
    await app.signIn(bob.page, bobAccount, PASSWORD, { lang: 'en' });
  });
  after(async () => {
    await app?.close();
  });

  test('my QR code shows my card link and saves as a PNG', async () => {
    await alice.page.goto(app.path('/pages/index/qrcode'));
    const code = alice.page.getByRole('img', { name: en.myQr.codeLabel });
    await code.waitFor();
    const link = await code.getAttribute('data-url');
    assert.match(link, new RegExp(`^${app.url.replace(/[.]/g, '\\.')}/scan/u/[A-Za-z0-9_.-]+$`));
    await alice.page.getByText(/^Valid until /).waitFor();
    const [download] = await Promise.all([
      alice.page.waitForEvent('download'),
      alice.page.getByRole('button', { name: en.myQr.save }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'parley-qr.png');
    const stream = await download.createReadStream();
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    savedCard = Buffer.concat(chunks);
    assert.deepEqual([...savedCard.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
    assert.deepEqual(alice.errors, []);
  });

  test('a picked picture of the saved card opens its person; a foreign code does not', async () => {
    assert.ok(savedCard, 'the card was saved');
    const page = bob.page;
    await page.goto(app.path('/pages/index/scan'));
    const picture = page.getByLabel(en.scan.choosePicture, { exact: true }).and(page.locator('input[type=file]'));
    await page.getByRole('button', { name: en.scan.choosePicture }).waitFor();
    assert.equal(
      await page.evaluate(() => 'BarcodeDetector' in window),
      false,
      'Linux Chromium has no BarcodeDetector',
    );
    await picture.setInputFiles({
      name: 'other.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from(encodeQR('https://example.com/hello', 'gif', { scale: 6 })),
    });
    await page.getByText(en.scan.notParley).waitFor();
    assert.match(page.url(), /#\/pages\/index\/scan$/);
    await picture.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: savedCard });
    await page.waitForURL(/#\/pages\/contacts\/detail\?qr=[A-Za-z0-9_.-]+$/);
    assert.deepEqual(bob.errors, []);
  });

  test('the saved card becomes my avatar through the square crop', async () => {
    const page = bob.page;
    await page.goto(app.path('/pages/mine/profile'));
    await page.getByRole('button', { name: en.profile.changeAvatar }).waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: savedCard });
    const dialog = page.getByRole('dialog', { name: en.profile.cropTitle });
    await dialog.waitFor();
    // The keyboard moves and zooms the picture.
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowLeft');
    const [upload] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/common/upload/uploadAvatar')),
      dialog.getByRole('button', { name: en.profile.cropUse }).click(),
    ]);
    const body = await upload.json();
    assert.equal(body.code, 0, JSON.stringify(body));
    const avatar = page.locator(`img[src="${body.data.avatar}"]`);
    await avatar.first().waitFor();
    // What went up is a square of at most 512 px.
    const size = await avatar.first().evaluate((img) =>
      img.complete
        ? [img.naturalWidth, img.naturalHeight]
        : new Promise((done) => {
            img.onload = () => done([img.naturalWidth, img.naturalHeight]);
          }),
    );
    assert.equal(size[0], size[1]);
    assert.ok(size[0] > 0 && size[0] <= 512, `side ${size[0]}`);
    assert.deepEqual(bob.errors, []);
  });
});
