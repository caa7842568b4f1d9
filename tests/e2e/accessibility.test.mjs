// Accessibility on the built app: axe-core (WCAG 2.x A/AA and best practices) finds no serious or
// critical violation on any screen a person can reach — signed out (login, registration), every
// tab, a chat thread with messages and its panels, the chat's details and history search, the
// search page with results, forwarding's user selection, settings, about, the open dialogs and
// sheets (the avatar crop dialog with its picture drawn, deleting a friend), the add-friend form,
// Explore with its default links, every "coming soon" frame, and on a wide screen the right-hand
// panels (a group's page, its members, a person's card) beside the chat — on a phone (390×844)
// and once more on a wide screen.
// Every screen has one main landmark and a first-level heading; the keyboard alone reaches and
// sends the login form.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import encodeQR from 'qr';

import {
  chatScreen,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  locale,
  MOBILE,
  startApp,
  uniqueAccount,
} from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
const A_ACCOUNT = '13800000002';
const B_ACCOUNT = '13800000003';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Waits for the page's animations (sheet, toast) to end, so colours are measured as they settle. */
const settled = (page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

/** axe finds nothing serious, and the screen has one main landmark and a first-level heading (what screen readers jump to). */
async function expectAccessible(page, name) {
  await expectNoSeriousA11yViolations(page, name);
  await expectNoHorizontalOverflow(page, name);
  assert.equal(await page.getByRole('main').count(), 1, `${name}: one main landmark`);
  assert.ok((await page.getByRole('heading', { level: 1 }).count()) >= 1, `${name}: a first-level heading`);
}

// One server for both screen sizes, with the data every screen shows made once.
let base; // the app on a phone, on that server
let aId;
let aName;
let msgId;
let groupId; // a group A made with B and a third demo user; B is an admin
let strangerId; // someone B is not friends with
before(async () => {
  base = await startApp({ name: 'a11y-phone', vars: { DEMO_MODE: 'true' }, contextOptions: MOBILE });
  const a = (await base.api('/common/pub/login', { account: A_ACCOUNT, password: PASSWORD })).data;
  const b = (await base.api('/common/pub/login', { account: B_ACCOUNT, password: PASSWORD })).data;
  aId = a.userInfo.user_id;
  aName = a.userInfo.realname;
  const send = async (from, to, content, extra = {}) => {
    const sent = await base.api(
      '/enterprise/im/sendMessage',
      { id: crypto.randomUUID(), type: 'text', content, toContactId: to, is_group: 0, ...extra },
      from.authToken,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));
    return sent.data;
  };
  await send(a, b.userInfo.user_id, 'Hello, are you coming to the quince harvest?');
  await send(b, aId, 'Yes, see you there 🎉');
  msgId = Number((await send(a, b.userInfo.user_id, 'Bring the basket')).msg_id);
  const third = (await base.api('/common/pub/login', { account: '13800000004', password: PASSWORD })).data.userInfo
    .user_id;
  const group = await base.api(
    '/enterprise/group/add',
    { user_ids: [b.userInfo.user_id, third], name: 'Harvest crew' },
    a.authToken,
  );
  assert.equal(group.code, 0, JSON.stringify(group));
  groupId = group.data.id;
  const admin = await base.api(
    '/enterprise/group/setManager',
    { id: groupId, user_id: b.userInfo.user_id, role: 2 },
    a.authToken,
  );
  assert.equal(admin.code, 0, JSON.stringify(admin));
  const notice = await base.api(
    '/enterprise/group/setNotice',
    { id: groupId, notice: 'Meet at the orchard gate' },
    a.authToken,
  );
  assert.equal(notice.code, 0, JSON.stringify(notice));
  await send(b, aId, 'Which one?', { pid: msgId });
  const oops = crypto.randomUUID();
  await send(a, b.userInfo.user_id, 'oops', { id: oops });
  const undone = await base.api(
    '/enterprise/im/undoMessage',
    { id: oops, toContactId: b.userInfo.user_id },
    a.authToken,
  );
  assert.equal(undone.code, 0, JSON.stringify(undone));
  const strangerAccount = uniqueAccount('a11y');
  const stranger = await base.api('/common/pub/register', {
    account: strangerAccount,
    realname: 'Stranger Danh',
    password: PASSWORD,
  });
  assert.equal(stranger.code, 0, JSON.stringify(stranger));
  strangerId = (await base.api('/common/pub/login', { account: strangerAccount, password: PASSWORD })).data.userInfo
    .user_id;
});
after(async () => {
  await base?.close();
});

for (const [label, contextOptions] of [
  ['phone 390×844', MOBILE],
  ['wide screen 1280×800', DESKTOP],
]) {
  describe(`accessibility on a ${label} (DEMO_MODE=true)`, { timeout: 300_000 }, () => {
    let app;
    let me; // B, signed in, with a chat with A holding messages both ways, a quote and a recall
    const check = async (route, name, ready) => {
      await me.page.goto(app.path(route));
      await ready();
      await settled(me.page);
      await expectAccessible(me.page, name);
    };

    before(async () => {
      app =
        contextOptions === MOBILE ? base : await startApp({ name: 'a11y-wide', server: base.server, contextOptions });
      me = await app.user({ language: 'en' });
      await app.signIn(me.page, B_ACCOUNT, PASSWORD, { lang: 'en' });
    });
    after(async () => {
      if (app !== base) await app?.close();
    });

    test('signed out: login (with the demo note) and registration', async () => {
      const { page } = await app.user({ language: 'en' });
      await page.goto(app.path('/pages/login/index'));
      await page.getByRole('heading', { name: en.login.welcome }).waitFor();
      await page.getByText(en.login.demoAccounts).waitFor();
      await expectAccessible(page, 'login');
      await page.goto(app.path('/pages/login/register'));
      await page.getByRole('heading', { name: en.route.register }).waitFor();
      await expectAccessible(page, 'register');
    });

    test('the keyboard alone fills and sends the login form', async () => {
      const { page } = await app.user({ language: 'en' });
      await page.goto(app.path('/pages/login/index'));
      // (The registration link comes with the server's configuration, a moment after the form.)
      await page.getByRole('link', { name: en.login.toRegister, exact: true }).waitFor();
      const focusedName = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return el?.labels?.[0]?.textContent?.trim() || el?.getAttribute('aria-label') || el?.textContent?.trim();
        });
      const names = [];
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        names.push(await focusedName());
      }
      for (const name of [en.login.account, en.login.password, en.login.submit, en.login.toRegister]) {
        assert.ok(names.includes(name), `Tab reaches "${name}" (reached: ${JSON.stringify(names)})`);
      }
      await page.getByLabel(en.login.account, { exact: true }).focus();
      await page.keyboard.type(A_ACCOUNT);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: en.route.home }).waitFor();
    });

    test('the tabs: chat list, address book, explore, mine; the tab bar is the navigation landmark', async () => {
      // The chat with A, its last message recalled.
      await check('/', 'chat list', () => me.page.getByRole('main').getByText(aName, { exact: true }).waitFor());
      // The context-menu key on a focused chat row opens its actions, as a long press does.
      // The row whose name is A's (a group's preview says "An: …" now).
      await me.page
        .getByRole('main')
        .getByRole('button')
        .filter({ has: me.page.getByText(aName, { exact: true }) })
        .focus();
      await me.page.keyboard.press('Shift+F10');
      await me.page.getByRole('menu').waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'chat list, actions sheet');
      await me.page.keyboard.press('Escape');
      await me.page.getByRole('menu').waitFor({ state: 'detached' });
      const tabs = me.page.getByRole('navigation');
      assert.equal(await tabs.getByRole('link').count(), 4);
      await check('/pages/contacts/index', 'address book', () =>
        me.page.getByRole('heading', { name: en.route.contacts }).waitFor(),
      );
      // Out of the box Explore lists a few links (worker/services/system-config.ts), not "nothing here".
      await check('/pages/third/index', 'explore', () =>
        me.page.getByRole('list', { name: en.explore.links }).waitFor(),
      );
      assert.ok(
        (await me.page.getByRole('list', { name: en.explore.links }).getByRole('link').count()) >= 3,
        'explore: the default links',
      );
      assert.equal(await me.page.getByText(en.explore.empty).count(), 0);
      await check('/pages/mine/index', 'mine', () =>
        me.page.getByRole('button', { name: en.mine.logout, exact: true }).waitFor(),
      );
      await me.page.getByRole('button', { name: en.mine.logout, exact: true }).click();
      await me.page.getByRole('alertdialog').waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'logout dialog');
      await me.page.getByRole('alertdialog').getByRole('button', { name: en.common.cancel, exact: true }).click();
    });

    test('a chat thread with messages, its message menu by keyboard, its emoji and plus panels', async () => {
      const chat = chatScreen(me.page);
      await check(`/pages/message/chat?id=${aId}`, 'chat thread', () => chat.textRow('Bring the basket').waitFor());
      // The keyboard opens a message's menu: Enter on the focused bubble, the arrows move along
      // it, Escape closes it and gives the focus back to the bubble.
      const bubble = chat.textRow('Bring the basket').locator('[tabindex="0"]');
      await bubble.focus();
      await me.page.keyboard.press('Enter');
      const menu = me.page.getByRole('menu');
      await menu.waitFor();
      const focusedItem = () =>
        me.page.evaluate(
          () => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent,
        );
      const first = await focusedItem();
      assert.ok(first, 'the menu has the focus');
      await me.page.keyboard.press('ArrowRight');
      assert.notEqual(await focusedItem(), first, 'ArrowRight moves to the next action');
      await expectNoSeriousA11yViolations(me.page, 'chat thread, message menu');
      await me.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      assert.ok(await bubble.evaluate((el) => el === document.activeElement), 'the bubble has the focus again');
      await me.page.getByRole('button', { name: en.chat.emojiButton, exact: true }).click();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'chat thread, emoji panel');
      await chat.moreButton.click();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'chat thread, plus panel');
    });

    test('the chat details and its history search with results', async () => {
      await check(`/pages/message/detail?id=${aId}`, 'chat detail', () =>
        me.page.getByText(en.chatDetail.searchHistory, { exact: true }).waitFor(),
      );
      await me.page.getByText(en.chatDetail.searchHistory, { exact: true }).click();
      await me.page.getByPlaceholder(en.chatDetail.searchPlaceholder).fill('quince');
      // The result (a button); from 1024 px the thread with the same words stands beside it.
      await me.page.getByRole('button', { name: /harvest/ }).waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'chat history search');
    });

    test('the search page, empty and with results', async () => {
      await check('/pages/index/search', 'search', () => me.page.getByPlaceholder(en.search.placeholder).waitFor());
      await me.page.getByPlaceholder(en.search.placeholder).fill('quince');
      await me.page.getByRole('button', { name: /quince harvest/ }).waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'search results');
    });

    test('user selection (forwarding, and with nothing to forward)', async () => {
      await check(`/pages/index/userSelection?mode=forward&msg=${msgId}&from=${aId}`, 'user selection', () =>
        me.page.getByRole('heading', { name: en.chat.forward.title }).waitFor(),
      );
      await check('/pages/index/userSelection', 'user selection, nothing to forward', () =>
        me.page.getByText(en.chat.forward.nothing).waitFor(),
      );
    });

    test('settings and about', async () => {
      await check('/pages/mine/setting', 'settings', () =>
        me.page.getByRole('heading', { name: en.route.setting }).waitFor(),
      );
      await check('/pages/mine/about', 'about', () => me.page.getByRole('heading', { name: en.route.about }).waitFor());
    });

    test('the account pages: profile, security (demo mode), my QR code, scan, the web view', async () => {
      await check('/pages/mine/profile', 'profile', () => me.page.getByLabel(en.profile.nickname).waitFor());
      await me.page.locator('input[type=file]').setInputFiles({
        name: 'qr.gif',
        mimeType: 'image/gif',
        buffer: Buffer.from(encodeQR('parley', 'gif', { scale: 8 })),
      });
      const crop = me.page.getByRole('dialog', { name: en.profile.cropTitle });
      await crop.waitFor();
      // The picture itself is drawn (a revoked blob: address would leave an empty frame).
      await crop.locator('img').first().waitFor();
      await me.page.waitForFunction(() =>
        [...document.querySelectorAll('[role="dialog"] img')].some((img) => img.complete && img.naturalWidth > 0),
      );
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'profile, avatar crop dialog');
      await me.page.keyboard.press('Escape');
      await check('/pages/mine/secure', 'security', () => me.page.getByRole('note').first().waitFor());
      await check('/pages/index/qrcode', 'my QR code', () =>
        me.page.getByRole('img', { name: en.myQr.codeLabel }).waitFor(),
      );
      // Headless Chromium has no camera: the screen says so and offers a picture.
      await check('/pages/index/scan', 'scan', () =>
        me.page.getByRole('button', { name: en.scan.choosePicture }).waitFor(),
      );
      await check('/pages/mine/webview?url=javascript%3Aalert(1)&title=X', 'web view, refused address', () =>
        me.page.getByText(en.webview.badAddress).waitFor(),
      );
    });

    test("the people pages: address book, friend requests, contact search with a result, a contact's card", async () => {
      await check('/pages/contacts/index', 'address book', () =>
        me.page.getByRole('main').getByText(aName).first().waitFor(),
      );
      await check('/pages/contacts/friend', 'friend requests', () =>
        me.page.getByRole('tab', { name: new RegExp(en.people.requests.received) }).waitFor(),
      );
      await check('/pages/contacts/search', 'contact search', async () => {
        await me.page.getByLabel(en.people.search.label, { exact: true }).fill(A_ACCOUNT);
        await me.page.getByRole('button', { name: en.people.search.submit, exact: true }).click();
        await me.page.getByRole('main').getByText(aName).first().waitFor();
      });
      await check(`/pages/contacts/detail?id=${aId}`, 'contact detail', () =>
        me.page.getByRole('button', { name: en.people.detail.sendMessage }).waitFor(),
      );
      // Deleting a friend asks first; Cancel keeps them.
      await me.page.getByRole('button', { name: en.people.detail.deleteFriend, exact: true }).click();
      await me.page.getByRole('alertdialog').waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'contact detail, delete friend confirmation');
      await me.page.getByRole('alertdialog').getByRole('button', { name: en.common.cancel, exact: true }).click();
      await me.page.getByRole('alertdialog').waitFor({ state: 'detached' });
      // A stranger's card, and the add-friend form it opens.
      await check(`/pages/contacts/detail?id=${strangerId}`, 'contact detail, a stranger', () =>
        me.page.getByRole('button', { name: en.people.detail.addFriend, exact: true }).waitFor(),
      );
      await me.page.getByRole('button', { name: en.people.detail.addFriend, exact: true }).click();
      await me.page.getByRole('form', { name: en.people.add.title }).waitFor();
      await settled(me.page);
      await expectAccessible(me.page, 'contact detail, add-friend form');
    });

    test('the group pages: group chats, create group, group info, members with the manage sheet, the group chat', async () => {
      await check('/pages/contacts/group', 'group chats', () =>
        me.page.getByRole('main').getByText('Harvest crew').first().waitFor(),
      );
      await me.page
        .getByRole('button', { name: en.groups.list.create })
        .or(me.page.getByRole('link', { name: en.groups.list.create }))
        .first()
        .click();
      await me.page.getByLabel(en.groups.create.name, { exact: true }).waitFor();
      await settled(me.page);
      await expectAccessible(me.page, 'create group');
      await check(`/pages/message/group/info?id=${groupId}`, 'group info', () =>
        me.page.getByText('Meet at the orchard gate').first().waitFor(),
      );
      await check(`/pages/message/group/groupUser?id=${groupId}`, 'group members', () =>
        me.page.getByText(en.groups.role.owner).first().waitFor(),
      );
      await me.page
        .getByRole('button', { name: /^Manage / })
        .first()
        .click();
      await me.page.getByRole('menu').waitFor();
      await settled(me.page);
      await expectNoSeriousA11yViolations(me.page, 'group members, manage sheet');
      await me.page.keyboard.press('Escape');
      await check(`/pages/message/chat?id=${groupId}`, 'group chat', () =>
        me.page.getByText('Meet at the orchard gate').first().waitFor(),
      );
    });

    if (contextOptions === DESKTOP) {
      test("the right-hand panels beside a group chat: its details, the group's page, its members, a member's card", async () => {
        const chat = chatScreen(me.page);
        await me.page.goto(app.path(`/pages/message/chat?id=${groupId}`));
        await chat.input.waitFor();
        const panel = (name) => me.page.getByRole('region', { name });
        const beside = async (name) => {
          await panel(name).waitFor();
          await settled(me.page);
          await expectAccessible(me.page, `panel: ${name}`);
          assert.ok(await chat.input.isVisible(), `${name}: the chat stays open beside the panel`);
          assert.equal(
            await me.page.getByRole('list', { name: en.route.home }).count(),
            1,
            `${name}: the chat list stays`,
          );
        };
        await me.page.getByRole('link', { name: en.chat.details, exact: true }).click();
        await beside(en.route.chatDetail);
        await panel(en.route.chatDetail)
          .getByRole('link', { name: /Harvest crew/ })
          .click();
        await beside(en.route.groupInfo);
        await panel(en.route.groupInfo).getByText('Meet at the orchard gate').first().waitFor();
        await panel(en.route.groupInfo)
          .getByRole('link', { name: /^All members/ })
          .click();
        await beside(en.route.groupUsers);
        await panel(en.route.groupUsers)
          .getByRole('link', { name: new RegExp(aName) })
          .first()
          .click();
        await beside(en.route.contactDetail);
        await me.page.keyboard.press('Escape');
        await panel(en.route.groupUsers).waitFor();
        await me.page.keyboard.press('Escape');
        await panel(en.route.groupInfo).waitFor();
      });
    }
  });
}
