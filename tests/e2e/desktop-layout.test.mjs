// The wide layout at 1280×800: the tab rail, the chat list and the open chat side by side; a chat
// link selects its chat; the details open as a panel beside it; the keyboard (Enter sends,
// Shift+Enter breaks the line, Escape closes the panel and the search, Ctrl+K opens the search);
// the phone layout below 1024 px; and in vi, en and zh-CN the chat with its details panel (call
// buttons and no back arrow beside the list, the call buttons still there at 390 px, nothing
// wider than the window); the contacts, Me and search pages beside the rail, their tab selected.
// Screenshots of each are saved for a person to look at (/tmp/desktop-<lang>.png, /tmp/desktop-en-*.png).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, expectNoHorizontalOverflow, locale, startApp, waitUntil } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
// Accounts of this file's own (made in before), so the file may share its server with others.
let [A_ACCOUNT, B_ACCOUNT, C_ACCOUNT] = [];
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe('the wide layout at 1280×800 (DEMO_MODE=true)', { timeout: 240_000 }, () => {
  let app;
  let a; // the two people who wrote to B, each { id, name }
  let c;

  before(async () => {
    app = await startApp({ name: 'desktop', vars: { DEMO_MODE: 'true' }, contextOptions: DESKTOP, shared: true });
    // Short names, as people's names mostly are: at 390 px the chat's header shows one whole beside its buttons.
    const names = ['An', 'Bình', 'Chi'];
    [A_ACCOUNT, B_ACCOUNT, C_ACCOUNT] = (await app.newPeople(3, PASSWORD, { names })).map((p) => p.account);
    const login = async (account) => (await app.api('/common/pub/login', { account, password: PASSWORD })).data;
    const [la, lb, lc] = [await login(A_ACCOUNT), await login(B_ACCOUNT), await login(C_ACCOUNT)];
    const send = async (from, to, content) => {
      const sent = await app.api(
        '/enterprise/im/sendMessage',
        { id: crypto.randomUUID(), type: 'text', content, toContactId: to, is_group: 0 },
        from.authToken,
      );
      assert.equal(sent.code, 0, JSON.stringify(sent));
    };
    await send(la, lb.userInfo.user_id, 'Are you coming to the quince harvest on Saturday?');
    await send(lb, la.userInfo.user_id, 'Yes! I will bring the big basket 🧺');
    await send(lc, lb.userInfo.user_id, 'The tea is ready');
    a = { id: la.userInfo.user_id, name: la.userInfo.realname };
    c = { id: lc.userInfo.user_id, name: lc.userInfo.realname };
  });
  after(async () => {
    await app?.close();
  });

  /** B signed in, in `lang`. */
  async function signedIn(lang = 'en') {
    const me = await app.user({ language: lang });
    await app.signIn(me.page, B_ACCOUNT, PASSWORD, { lang });
    return me;
  }
  const chatList = (page) => page.getByRole('list', { name: en.route.home });
  const rowOf = (page, name) => chatList(page).getByRole('button').filter({ hasText: name });
  const box = async (locator) => {
    const found = await locator.boundingBox();
    assert.ok(found, `${locator} is on screen`);
    return found;
  };

  test('the chat list and the open chat stand side by side, and a chat link selects its chat', async () => {
    const { page } = await signedIn();
    // The messages tab with no chat open: the list, and the middle pane asks to choose one.
    await page.getByRole('heading', { name: en.layout.chooseChat }).waitFor();
    await rowOf(page, c.name).waitFor();
    const rail = page.getByRole('navigation');
    assert.equal(await rail.getByRole('link').count(), 4);
    assert.equal((await box(rail)).x, 0, 'the tabs are a rail on the left edge');

    await page.goto(app.path(`/pages/message/chat?id=${a.id}`));
    const chat = chatScreen(page);
    await chat.textRow('Yes! I will bring the big basket 🧺').waitFor();
    assert.equal(
      await rowOf(page, a.name).getAttribute('aria-current'),
      'true',
      'the linked chat is selected in the list',
    );
    assert.equal(await rowOf(page, c.name).getAttribute('aria-current'), null);
    const list = await box(chatList(page));
    const thread = await box(chat.thread);
    assert.ok(list.x + list.width <= thread.x + 1, 'the list is left of the thread');
    assert.ok(Math.abs(list.y - thread.y) < 120, 'side by side, not stacked');
    assert.equal(await page.getByRole('main').count(), 1);

    // Another row opens its chat in the same place, the list staying.
    await rowOf(page, c.name).click();
    await chat.textRow('The tea is ready').waitFor();
    assert.equal(await rowOf(page, c.name).getAttribute('aria-current'), 'true');
    assert.equal(await rowOf(page, a.name).getAttribute('aria-current'), null);

    // Narrower than 1024 px it is the phone's chat page again: no list, no rail; wide again, both back.
    await page.setViewportSize({ width: 1000, height: 800 });
    await chatList(page).waitFor({ state: 'detached' });
    await chat.textRow('The tea is ready').waitFor();
    assert.equal(await page.getByRole('navigation').count(), 0);
    await page.setViewportSize(DESKTOP.viewport);
    await rowOf(page, c.name).waitFor();
  });

  test('keyboard: Enter sends, Shift+Enter breaks the line, Escape closes the details and the search, Ctrl+K opens the search', async () => {
    const { page } = await signedIn();
    const chatAddress = `#/pages/message/chat?id=${a.id}`;
    await page.goto(app.path(`/pages/message/chat?id=${a.id}`));
    const chat = chatScreen(page);
    await chat.textRow('Yes! I will bring the big basket 🧺').waitFor();

    await chat.input.click();
    await page.keyboard.type('First line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    assert.equal(await chat.input.inputValue(), 'First line\nsecond line', 'Shift+Enter breaks the line');
    await page.keyboard.press('Enter');
    await chat.bubbles.filter({ hasText: 'second line' }).waitFor();
    assert.equal(await chat.input.inputValue(), '', 'Enter sent it');
    assert.deepEqual(
      (await chat.bubbles.filter({ hasText: 'second line' }).innerText())
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, 2),
      ['First line', 'second line'],
    );

    // The details open as a panel beside the chat; Escape closes it.
    await page.getByRole('link', { name: en.chat.details, exact: true }).click();
    const panel = page.getByRole('region', { name: en.route.chatDetail });
    await panel.getByText(en.chatDetail.searchHistory, { exact: true }).waitFor();
    assert.ok(
      (await box(chat.thread)).x + (await box(chat.thread)).width <= (await box(panel)).x + 1,
      'the panel is right of the chat',
    );
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await waitUntil(async () => new URL(page.url()).hash === chatAddress, { message: 'back at the chat' });
    await chat.input.waitFor();

    // Ctrl+K: the search takes the list's place, its box focused, the chat staying open.
    await page.keyboard.press('Control+k');
    const search = page.getByPlaceholder(en.search.placeholder);
    await search.waitFor();
    await waitUntil(() => search.evaluate((el) => el === document.activeElement), {
      message: 'the search box focused',
    });
    assert.ok(await chat.input.isVisible(), 'the chat stays open beside the search');
    await page.keyboard.type('quince');
    await page
      .getByRole('button', { name: /quince harvest/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await chatList(page).waitFor();
    await waitUntil(async () => new URL(page.url()).hash === chatAddress, { message: 'back at the chat' });
  });

  test('the other tabs stand in a centred column beside the rail', async () => {
    const { page } = await signedIn();
    await page.goto(app.path('/pages/mine/setting'));
    await page.getByRole('heading', { name: en.route.setting }).waitFor();
    const main = await box(page.getByRole('main'));
    assert.ok(main.width <= 640 && main.x > 72 + 100, `a centred column (x ${main.x}, width ${main.width})`);
    assert.equal(
      await page
        .getByRole('navigation')
        .getByRole('link', { name: en.tabs.mine, exact: true })
        .getAttribute('aria-current'),
      'page',
      'the settings are under the Me tab',
    );
  });

  for (const lang of ['vi', 'en', 'zh-CN']) {
    test(`the wide layout in ${lang}: the chat's header and its details panel, and the header at 390 px`, async () => {
      const t = locale(lang);
      const { page } = await signedIn(lang);
      await page.getByRole('heading', { name: t.layout.chooseChat }).waitFor();
      if (lang === 'en') await page.screenshot({ path: '/tmp/desktop-en-empty.png' });
      await page.goto(app.path(`/pages/message/chat?id=${a.id}`));
      await chatScreen(page, lang).textRow('Yes! I will bring the big basket 🧺').waitFor();
      const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: a.name }) });
      // Beside the list: calls in the header, no back arrow (the list is the way back).
      assert.ok(
        await header.getByRole('button', { name: t.call.videoCall, exact: true }).isVisible(),
        `${lang}: video call in the header`,
      );
      assert.equal(
        await header.getByRole('button', { name: t.common.back, exact: true }).count(),
        0,
        `${lang}: no back arrow beside the list`,
      );
      await page.getByRole('link', { name: t.chat.details, exact: true }).click();
      const panel = page.getByRole('region', { name: t.route.chatDetail });
      await panel.getByText(t.chatDetail.searchHistory, { exact: true }).waitFor();
      await panel.getByRole('heading', { name: t.route.chatDetail }).waitFor();
      await expectNoHorizontalOverflow(page, `wide layout ${lang}`);
      await page.screenshot({ path: `/tmp/desktop-${lang}.png` });
      // On a phone's width the chat is a page with back, and its header keeps the call buttons.
      await page.goto(app.path(`/pages/message/chat?id=${a.id}`));
      await page.setViewportSize({ width: 390, height: 844 });
      await header.getByRole('button', { name: t.common.back, exact: true }).waitFor();
      for (const name of [t.call.voiceCall, t.call.videoCall])
        assert.ok(
          await header.getByRole('button', { name, exact: true }).isVisible(),
          `${lang} at 390 px: ${name} in the header`,
        );
      assert.ok(
        await header.getByRole('heading', { level: 1 }).evaluate((el) => el.scrollWidth <= el.clientWidth),
        `${lang} at 390 px: the name is shown whole beside the buttons`,
      );
      await expectNoHorizontalOverflow(page, `phone chat ${lang}`);
      await page.setViewportSize(DESKTOP.viewport);
      if (lang === 'en') {
        // The other tabs' pages and the search at full width: each shows its heading, its tab is the
        // one selected in the rail, and nothing is wider than the window.
        for (const [route, name, heading, tab] of [
          ['/pages/contacts/index', 'contacts', t.route.contacts, t.tabs.contacts],
          ['/pages/mine/index', 'mine', t.route.mine, t.tabs.mine],
          [`/pages/index/search?id=${a.id}`, 'search', t.route.search, t.tabs.messages],
        ]) {
          await page.goto(app.path(route));
          await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
          const rail = page.getByRole('navigation');
          assert.equal(
            await rail.getByRole('link', { name: tab, exact: true }).getAttribute('aria-current'),
            'page',
            `${name}: the ${tab} tab is selected`,
          );
          await expectNoHorizontalOverflow(page, `wide ${name}`);
          await page.screenshot({ path: `/tmp/desktop-en-${name}.png` });
        }
      }
    });
  }
});
