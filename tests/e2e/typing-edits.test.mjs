// Typing and edits between real browsers side by side (DEMO_MODE): in a one-to-one chat
// B sees "typing…" under A's name while A types, and it goes when A clears the text; A edits a sent
// message from its menu and B sees the new text marked "edited" live, after a reload, and as the
// chat list's preview; in a group of three, B sees who is typing by name, one and then two people.
// A reaction picked from the menu appears on the other side and goes when taken back; one picked
// from the full picker appears too, said aloud politely; an unrenewed "typing" expires by itself.
// axe on the composer while editing, on the top bar while someone types, on the menu's reaction
// row and on the picker.
import { after, before, describe, test } from 'node:test';

import { chatScreen, expectNoSeriousA11yViolations, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let [A, B, C] = [];
const fill = (text, params) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));

describe('typing and edits (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  const people = {};
  before(async () => {
    app = await startApp({ name: 'typing-edits', vars: { DEMO_MODE: 'true' }, shared: true });
    [A, B, C] = (await app.newPeople(3, PASSWORD)).map((p) => p.account);
    for (const account of [A, B, C])
      people[account] = (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
  });
  after(async () => {
    await app?.close();
  });

  /** Signs `account` in and opens the chat; answers once its socket has been greeted (typing rides the socket). */
  const open = async (account, contactId) => {
    const { page } = await app.user({ language: 'en' });
    let greeted = false;
    page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"type":"init"')) greeted = true;
      }),
    );
    await app.signIn(page, account, PASSWORD, { lang: 'en' });
    await page.goto(app.path(`/pages/message/chat?id=${contactId}`));
    await waitUntil(() => greeted, { message: `${account}'s socket` });
    return page;
  };

  test('one-to-one: typing shows and goes; an edit shows live, after a reload and in the chat list', async () => {
    const [a, b] = [people[A], people[B]];
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'See you at 5', toContactId: b.userInfo.user_id },
      a.authToken,
    );
    const aPage = await open(A, b.userInfo.user_id);
    const bPage = await open(B, a.userInfo.user_id);
    const aChat = chatScreen(aPage);
    await aChat.textRow('See you at 5').waitFor();

    await aChat.input.fill('Almost there');
    const typing = bPage.locator('header [aria-live="polite"]');
    await typing.getByText(en.chat.typing.one, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(bPage, 'chat top bar while the other side types');
    await bPage.screenshot({ path: '/tmp/typing-top-bar.png' });
    await aChat.input.fill('');
    await typing.getByText(en.chat.typing.one, { exact: true }).waitFor({ state: 'detached' });

    // A edits the sent message from its menu.
    await aChat.textRow('See you at 5').getByTestId('bubble').click({ button: 'right' });
    await aPage.getByRole('menuitem', { name: en.chat.menu.edit, exact: true }).click();
    await aPage.getByText(en.chat.edit.editing).waitFor();
    await expectNoSeriousA11yViolations(aPage, 'composer while editing');
    await aPage.screenshot({ path: '/tmp/editing-composer.png' });
    await aChat.input.fill('See you at 6');
    await aPage.getByRole('button', { name: en.chat.edit.save, exact: true }).click();
    await aChat.textRow('See you at 6').getByText(en.chat.edited).waitFor();

    const bChat = chatScreen(bPage);
    await bChat.textRow('See you at 6').getByText(en.chat.edited).waitFor();
    await bPage.reload();
    await bChat.textRow('See you at 6').getByText(en.chat.edited).waitFor();
    await bPage.screenshot({ path: '/tmp/edited-bubble.png' });
    await bPage.goto(app.path('/'));
    await bPage.getByRole('list', { name: en.route.home }).getByText('See you at 6').waitFor();
    if (!sent.data?.msg_id) throw new Error(`the first message was not sent: ${JSON.stringify(sent)}`);
  });

  test('a reaction from the menu appears on the other side, live, and goes when taken back', async () => {
    const [a, b] = [people[A], people[B]];
    await app.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content: 'Lunch at noon?', toContactId: b.userInfo.user_id },
      a.authToken,
    );
    const aPage = await open(A, b.userInfo.user_id);
    const bPage = await open(B, a.userInfo.user_id);
    await chatScreen(bPage).textRow('Lunch at noon?').getByTestId('bubble').click({ button: 'right' });
    await expectNoSeriousA11yViolations(bPage, 'message menu with the reaction row');
    await bPage.getByRole('menuitem', { name: fill(en.chat.reaction.add, { emoji: '👍' }), exact: true }).click();
    const onA = aPage.getByRole('button', {
      name: fill(en.chat.reaction.chip, { emoji: '👍', count: 1 }),
      exact: true,
    });
    await onA.waitFor();
    const onB = bPage.getByRole('button', {
      name: fill(en.chat.reaction.chipMine, { emoji: '👍', count: 1 }),
      exact: true,
    });
    await onB.click();
    await onA.waitFor({ state: 'detached' });
    await onB.waitFor({ state: 'detached' });

    // Any emoji: the menu's More opens the picker; B finds pizza by name and A sees it live.
    await chatScreen(bPage).textRow('Lunch at noon?').getByTestId('bubble').click({ button: 'right' });
    await bPage.getByRole('menuitem', { name: en.chat.reaction.more, exact: true }).click();
    const picker = bPage.getByRole('dialog', { name: en.chat.reaction.pick });
    await picker.getByLabel(en.chat.emoji.search).fill('pizza');
    await expectNoSeriousA11yViolations(bPage, 'reaction picker');
    await picker.getByRole('button', { name: /pizza/i }).first().click();
    await picker.waitFor({ state: 'detached' });
    await aPage
      .getByRole('button', { name: fill(en.chat.reaction.chip, { emoji: '🍕', count: 1 }), exact: true })
      .waitFor();
    await aPage
      .getByRole('status')
      .getByText(fill(en.chat.reaction.news.added, { name: b.userInfo.realname, emoji: '🍕' }))
      .waitFor();
  });

  test('a group of three: who is typing, by name, one and then two', async () => {
    const [a, b, c] = [people[A], people[B], people[C]];
    const group = await app.api(
      '/enterprise/group/add',
      { user_ids: [b.userInfo.user_id, c.userInfo.user_id], name: 'Typists' },
      a.authToken,
    );
    const id = group.data.id;
    const [aPage, bPage, cPage] = [await open(A, id), await open(B, id), await open(C, id)];
    const typing = bPage.locator('header [aria-live="polite"]');
    await chatScreen(aPage).input.fill('Hello');
    await typing.getByText(fill(en.chat.typing.named, { name: a.userInfo.realname }), { exact: true }).waitFor();
    await chatScreen(cPage).input.fill('Hi');
    await typing
      .getByText(fill(en.chat.typing.two, { first: a.userInfo.realname, second: c.userInfo.realname }), {
        exact: true,
      })
      .or(
        typing.getByText(fill(en.chat.typing.two, { first: c.userInfo.realname, second: a.userInfo.realname }), {
          exact: true,
        }),
      )
      .waitFor();
    // A sends: A is no longer typing, C still is.
    await chatScreen(aPage).sendButton.click();
    const cTyping = typing.getByText(fill(en.chat.typing.named, { name: c.userInfo.realname }), { exact: true });
    await cTyping.waitFor();
    // C stops touching the keyboard: no renewal, so it expires on B's side about 6 s later.
    const since = Date.now();
    await cTyping.waitFor({ state: 'detached', timeout: 12_000 });
    if (Date.now() - since < 2_000) throw new Error('typing went before its 6 s expiry');
  });
});
