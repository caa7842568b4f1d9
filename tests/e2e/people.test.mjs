// People in Chromium, two new users side by side, in run mode 2 (social: chats follow friendships):
// A finds B by account and sends a request; B sees it live with a badge and accepts; both see each
// other in the address book and chat; A sets a remark for B and sees it in the chat list; A reads
// B's QR card from a screenshot of B's QR page, picked as a file on the scan page, and lands on B's
// card; A deletes B, and A's next message to B is refused with the server's message shown.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, SOCIAL_CONFIG, startApp, uniqueAccount } from './harness.mjs';

const en = locale('en');
const PASSWORD = 'secret-123';
const REMARK = 'Bobby from work';

describe('friends, remarks, QR cards and run mode 2', { timeout: 300_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'people', config: SOCIAL_CONFIG, shared: true });
  });
  after(async () => {
    await app?.close();
  });

  test('request, live badge, accept, chat, remark, QR card, delete, refused send', async () => {
    const aAccount = uniqueAccount('pa');
    const bAccount = uniqueAccount('pb');
    for (const [account, realname] of [
      [aAccount, 'Alice Tran'],
      [bAccount, 'Bao Nguyen'],
    ]) {
      const answer = await app.api('/common/pub/register', { account, realname, password: PASSWORD });
      assert.equal(answer.code, 0, JSON.stringify(answer));
    }
    const [a, b] = await app.users(2, { language: 'en' });
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, aAccount, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, bAccount, PASSWORD, { lang: 'en' }),
    ]);

    // 1. A finds B by account and sends a request with a verification text.
    await a.page.goto(app.path('/pages/contacts/search'));
    await a.page.getByLabel(en.people.search.label, { exact: true }).fill(bAccount);
    await a.page.getByRole('button', { name: en.people.search.submit, exact: true }).click();
    await a.page.getByText(bUser.realname, { exact: true }).waitFor();
    await a.page.getByRole('button', { name: en.people.search.add, exact: true }).click();
    const text = a.page.getByLabel(en.people.add.textLabel, { exact: true });
    await text.fill('Hi Bao, it is Alice');
    await a.page.getByRole('button', { name: en.people.add.send, exact: true }).click();
    await a.page.getByText(en.people.search.sent, { exact: true }).first().waitFor();

    // 2. B sees it live: a badge on the address book tab, the request in New invites.
    const bBadge = b.page
      .getByLabel(en.people.requests.pendingCount_one.replace('{{count}}', '1'), { exact: true })
      .first();
    await bBadge.waitFor();
    await b.page
      .getByRole('link', { name: new RegExp(en.tabs.contacts) })
      .first()
      .click();
    await b.page.getByRole('link', { name: new RegExp(en.people.addressBook.newInvites) }).click();
    await b.page.getByText('Hi Bao, it is Alice').waitFor();
    await b.page
      .getByRole('button', { name: en.people.requests.acceptFor.replace('{{name}}', aUser.realname), exact: true })
      .click();
    await b.page.getByText(en.people.requests.accepted, { exact: true }).first().waitFor();
    await bBadge.waitFor({ state: 'detached' });

    // 3. Both see each other in the address book, and they can chat.
    await a.page.goto(app.path('/pages/contacts/index'));
    await a.page
      .getByRole('button', { name: new RegExp(bUser.realname) })
      .first()
      .waitFor();
    await b.page.goto(app.path('/pages/contacts/index'));
    await b.page
      .getByRole('button', { name: new RegExp(aUser.realname) })
      .first()
      .click();
    await b.page.getByRole('button', { name: en.people.detail.sendMessage, exact: true }).click();
    const bChat = chatScreen(b.page);
    await bChat.input.fill('Welcome, Alice');
    await bChat.sendButton.click();
    await bChat.deliveredMark(bChat.textRow('Welcome, Alice')).waitFor();
    await a.page.goto(app.path('/'));
    await a.page.getByRole('list', { name: en.route.home }).getByText('Welcome, Alice').waitFor();

    // 4. A gives B a remark; the chat list shows it instead of B's name.
    await a.page.goto(app.path(`/pages/contacts/detail?id=${bUser.user_id}`));
    await a.page.getByRole('button', { name: en.people.detail.setRemark, exact: true }).click();
    await a.page.getByLabel(en.people.detail.remarkLabel, { exact: true }).fill(REMARK);
    await a.page.getByRole('button', { name: en.people.detail.save, exact: true }).click();
    await a.page.getByText(en.people.detail.remarkSaved).first().waitFor();
    await a.page.goto(app.path('/'));
    await a.page.getByRole('list', { name: en.route.home }).getByText(REMARK, { exact: true }).waitFor();

    // 5. B's QR page, as a picture; A picks it on the scan page and lands on B's card.
    await b.page.goto(app.path('/pages/index/qrcode'));
    const qr = b.page.getByRole('img', { name: en.myQr.codeLabel, exact: true });
    await qr.waitFor();
    const picture = await qr.screenshot();
    await a.page.goto(app.path('/pages/index/scan'));
    await a.page.getByRole('heading', { name: en.route.scan }).waitFor();
    await a.page.locator('input[type=file]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: picture });
    await a.page.waitForURL((url) => url.hash.startsWith('#/pages/contacts/detail'));
    await a.page.getByRole('heading', { name: REMARK }).waitFor();
    await a.page.getByText(en.people.detail.realname.replace('{{name}}', bUser.realname)).waitFor();

    // 6. A deletes B (after confirming); B leaves A's address book.
    await a.page.getByRole('button', { name: en.people.detail.deleteFriend, exact: true }).click();
    await a.page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await a.page.getByText(en.people.detail.deleted).first().waitFor();
    await a.page.goto(app.path('/pages/contacts/index'));
    await a.page.getByRole('heading', { name: en.people.addressBook.friends }).waitFor();
    assert.equal(
      await a.page.getByRole('button', { name: new RegExp(REMARK) }).count(),
      0,
      "B is gone from A's friends",
    );

    // 7. In run mode 2, A's next message to B is refused with the server's message.
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    const aChat = chatScreen(a.page);
    await aChat.input.fill('Are you still there?');
    await aChat.sendButton.click();
    await a.page.getByText('You are not on their friends list').first().waitFor();
    await aChat.unsentMark(aChat.textRow('Are you still there?')).waitFor();

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
