// Messages written while they cannot be sent are not lost: A writes two messages while every
// send fails as if the network were down, reloads the page (the IndexedDB outbox brings them back,
// still sending: no red mark, which is only for the server's refusals), and once the network is
// back and A's socket reconnects they go out by themselves, in the order written; B sees each
// once, in that order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const WRITTEN = ['written offline, first', 'written offline, second'];

describe('the outbox across a reload (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'outbox', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('unsent messages survive a reload and go out in order when the socket returns', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });
    const aSockets = [];
    a.page.on('websocket', (ws) => aSockets.push(ws));
    const [aUser, bUser] = await Promise.all([
      app.signIn(a.page, A_ACCOUNT, PASSWORD, { lang: 'en' }),
      app.signIn(b.page, B_ACCOUNT, PASSWORD, { lang: 'en' }),
    ]);
    await a.page.goto(app.path(`/pages/message/chat?id=${bUser.user_id}`));
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    await b.page.goto(app.path(`/pages/message/chat?id=${aUser.user_id}`));
    await b.page.getByRole('heading', { name: aUser.realname, exact: true }).waitFor();
    const aChat = chatScreen(a.page);
    const bChat = chatScreen(b.page);
    const sendingMark = (row) => row.getByRole('status', { name: en.chat.status.sending, exact: true });
    const written = (chat) => chat.bubbleTexts().then((texts) => texts.filter((t) => WRITTEN.includes(t)));

    // 1. Every send fails as a dropped network would; both messages stay pending, not failed.
    let attempts = 0;
    await a.page.context().route('**/enterprise/im/sendMessage', (route) => {
      attempts += 1;
      return route.abort('internetdisconnected');
    });
    for (const text of WRITTEN) {
      await aChat.input.fill(text);
      await aChat.sendButton.click();
      await waitUntil(() => attempts >= 1, { message: 'a send attempt' });
      await sendingMark(aChat.textRow(text)).waitFor();
      assert.equal(await aChat.unsentMark(aChat.textRow(text)).count(), 0, 'no red mark for a network failure');
    }
    assert.ok(attempts >= 1, 'A tried to send');

    // 2. A reloads: both come back from the outbox, still pending, in the order written.
    await a.page.reload();
    await a.page.getByRole('heading', { name: bUser.realname, exact: true }).waitFor();
    for (const text of WRITTEN) await sendingMark(aChat.textRow(text)).waitFor();
    assert.deepEqual(await written(aChat), WRITTEN);
    const socketsAfterReload = aSockets.length;
    // Nothing has reached B.
    for (const text of WRITTEN)
      assert.equal(await bChat.textRow(text).count(), 0, `"${text}" reached B while A could not send`);

    // 3. The network is back; the server drops A's socket and A's own reconnect (5 s later) sends
    // what waited, without anyone touching it.
    await a.page.context().unroute('**/enterprise/im/sendMessage');
    const dropped = await fetch(`${app.url}/dev/dropSockets?account=${A_ACCOUNT}`, { method: 'POST' }).then((r) =>
      r.json(),
    );
    assert.ok(dropped.data?.dropped >= 1, `the server closed A's socket: ${JSON.stringify(dropped)}`);
    await waitUntil(() => aSockets.length > socketsAfterReload, { timeout: 20_000, message: "A's new socket" });
    for (const text of WRITTEN) await aChat.deliveredMark(aChat.textRow(text)).waitFor({ timeout: 20_000 });

    // 4. B has each once, in the order written (B has the chat open, so A then sees them read).
    await waitUntil(async () => (await written(bChat)).length >= 2, { timeout: 20_000, message: 'B to show both' });
    assert.deepEqual(await written(bChat), WRITTEN);
    for (const text of WRITTEN)
      await aChat.textRow(text).getByText(en.chat.status.read, { exact: true }).waitFor({ timeout: 20_000 });
    // The server stored each once: a reload of B's history shows the same.
    await b.page.reload();
    await bChat.textRow(WRITTEN[1]).waitFor();
    assert.deepEqual(await written(bChat), WRITTEN);

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
