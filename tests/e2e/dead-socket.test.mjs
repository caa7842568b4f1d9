// A socket can die without closing: the phone moves to another network and the old connection
// goes silent, with no close the browser would notice for minutes. Here A's socket stops carrying
// anything in either direction (Playwright sits between the page and the server), B sends three
// messages, and A's browser says it is back online. A pings at once, gets no answer within 10 s,
// drops that socket, connects again 5 s later and shows each of the three once, in order.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, startApp, waitUntil } from './harness.mjs';

const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let A_ACCOUNT;
let B_ACCOUNT;
const SENT = ['while you were away, 1', 'while you were away, 2', 'while you were away, 3'];

describe('a socket that dies without closing (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'dead-socket', vars: { DEMO_MODE: 'true' }, shared: true });
    [A_ACCOUNT, B_ACCOUNT] = (await app.newPeople(2, PASSWORD)).map((p) => p.account);
  });
  after(async () => {
    await app?.close();
  });

  test('is replaced, and what came meanwhile shows once, in order', async () => {
    const a = await app.user({ language: 'en' });
    const b = await app.user({ language: 'en' });

    // Every socket of A's page goes through here; `silenced` ones pass nothing either way.
    const connections = [];
    const silenced = new Set();
    await a.page.routeWebSocket(/\/wss\?/, (page) => {
      const n = connections.length;
      const server = page.connectToServer();
      server.onMessage((m) => !silenced.has(n) && page.send(m));
      page.onMessage((m) => !silenced.has(n) && server.send(m));
      connections.push(page);
    });

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
    const arrived = (chat) => chat.bubbleTexts().then((texts) => texts.filter((t) => SENT.includes(t)));

    // A's socket works: a first message from B shows live.
    await waitUntil(() => connections.length >= 1, { message: "A's socket" });
    await bChat.input.fill('hello');
    await bChat.sendButton.click();
    await aChat.textRow('hello').waitFor();

    // 1. A's connection goes silent; B sends three messages, which the server stores and B sees
    // sent, and none reaches A.
    const socketsBefore = connections.length;
    silenced.add(socketsBefore - 1);
    for (const text of SENT) {
      await bChat.input.fill(text);
      await bChat.sendButton.click();
      await bChat.deliveredMark(bChat.textRow(text)).waitFor();
    }
    await a.page.waitForTimeout(1000);
    assert.deepEqual(await arrived(aChat), [], 'nothing passes a silent socket');

    // 2. A's browser is back online: the unanswered ping gives the socket up and a new one follows.
    await a.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await waitUntil(() => connections.length > socketsBefore, { timeout: 25_000, message: "A's new socket" });

    // 3. The new socket's sync brings the three, each once and in order.
    await waitUntil(async () => (await arrived(aChat)).length >= SENT.length, {
      timeout: 15_000,
      message: 'the three on A',
    });
    await a.page.waitForTimeout(500);
    assert.deepEqual(await arrived(aChat), SENT);
    assert.equal(connections.length, socketsBefore + 1, 'one new socket, not a storm of them');

    assert.deepEqual(a.errors.map(String), []);
    assert.deepEqual(b.errors.map(String), []);
  });
});
