// The operator console in Chromium at 1280×800, DEMO_MODE=true: an operator made with
// `npm run admin` (the demo's own super admin may only look) opens the console from Mine, finds a
// user and disables them while that user's browser is open, which returns to the login page with
// the reason; each console screen (and a form dialog) passes axe; the overview's heading follows
// the language (en, vi, zh-CN); the Users and Settings screens still fit a 390 px phone; a deleted
// account's chat stays readable under "Deleted user" and read-only, live in the friend's open tab.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  locale,
  startApp,
  uniqueAccount,
} from './harness.mjs';

const [en, vi, zh] = [locale('en'), locale('vi'), locale('zh-CN')];
const PASSWORD = '123456';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe('the operator console at 1280×800 (DEMO_MODE=true)', { timeout: 300_000 }, () => {
  let app;
  const operator = { account: uniqueAccount('op'), realname: 'Olga Operator' };
  const target = { account: uniqueAccount('tg'), realname: 'Tomas Target' };
  const leaver = { account: uniqueAccount('lv'), realname: 'Lena Leaver' };
  const friend = { account: uniqueAccount('fr'), realname: 'Fred Friend' };

  before(async () => {
    app = await startApp({ name: 'manage', vars: { DEMO_MODE: 'true' }, contextOptions: DESKTOP, shared: true });
    await app.register([operator, target, leaver, friend], PASSWORD);
    // The first operator of a database is made by the script, on the server's own state.
    await app.makeOperator(operator.account);
  });
  after(async () => {
    await app?.close();
  });

  test('an operator disables a user from the console; their open browser returns to login', async () => {
    const victim = await app.user({ language: 'en' });
    await app.signIn(victim.page, target.account, PASSWORD, { lang: 'en' });

    const { page } = await app.user({ language: 'en' });
    await app.signIn(page, operator.account, PASSWORD, { lang: 'en' });
    await page.goto(app.path('/pages/mine/index'));
    await page.getByRole('link', { name: en.mine.console }).click();
    await page.getByRole('heading', { name: en.manage.nav.overview, level: 1 }).waitFor();
    await page.getByText(en.manage.overview.online).waitFor();
    await expectNoSeriousA11yViolations(page, 'console overview');
    // At 1280 px the sections are a sidebar beside the screen, which takes the rest of the width.
    const nav = await page.getByRole('navigation', { name: en.manage.title }).boundingBox();
    const heading = await page.getByRole('heading', { name: en.manage.nav.overview, level: 1 }).boundingBox();
    assert.ok(nav && heading && heading.x >= nav.x + nav.width, 'the screen stands right of the sidebar');
    assert.ok(nav.height > 200 && nav.x < 50, `the sidebar runs down the left (${JSON.stringify(nav)})`);

    await page.getByRole('link', { name: en.manage.nav.users }).click();
    await page.getByRole('heading', { name: en.manage.nav.users, level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: en.manage.users.search }).fill(target.account);
    const disable = page.getByRole('button', { name: `${en.manage.users.disable} ${target.realname}` });
    await disable.waitFor();
    await expectNoSeriousA11yViolations(page, 'console users');
    await page.screenshot({ path: '/tmp/manage-users-1280.png' });
    await disable.click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: en.common.confirm }).click();
    await page.getByRole('button', { name: `${en.manage.users.enable} ${target.realname}` }).waitFor();

    // The target's socket closes at once; its next request is refused and the app says why.
    const reason = victim.page.getByRole('alertdialog');
    await reason.getByText(en.login.signedOut.forbid).waitFor();
    await reason.getByRole('button', { name: en.common.confirm }).click();
    await victim.page.getByRole('heading', { name: en.login.welcome }).waitFor();
    await victim.page.getByRole('alert').getByText(en.login.signedOut.forbid).waitFor();
    const refused = await app.api('/common/pub/login', { account: target.account, password: PASSWORD });
    assert.notEqual(refused.code, 0);

    // A form dialog, then the other screens.
    await page.getByRole('button', { name: en.manage.users.add }).click();
    await page.getByRole('dialog', { name: en.manage.users.addTitle }).waitFor();
    await expectNoSeriousA11yViolations(page, 'console new-user dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: en.manage.nav.groups }).click();
    await page.getByRole('heading', { name: en.manage.nav.groups, level: 1 }).waitFor();
    await page.getByRole('list', { name: en.manage.nav.groups }).waitFor();
    await expectNoSeriousA11yViolations(page, 'console groups');

    await page.getByRole('link', { name: en.manage.nav.invitations }).click();
    await page.getByRole('button', { name: en.manage.invites.add }).click();
    await page.getByRole('dialog', { name: en.manage.invites.addTitle }).waitFor();
    await expectNoSeriousA11yViolations(page, 'console new-invitation dialog');
    await page.getByRole('button', { name: en.manage.invites.create }).click();
    await page.getByRole('button', { name: new RegExp(`^${en.manage.invites.revoke} `) }).waitFor();
    // The "created" toast fades in over the page: axe reads the page once it has gone.
    await page.getByRole('status').waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page, 'console invitations');

    await page.getByRole('link', { name: en.manage.nav.settings }).click();
    await page.getByRole('form', { name: en.manage.settings.section.sysInfo }).waitFor();
    await expectNoSeriousA11yViolations(page, 'console settings');

    await page.getByRole('link', { name: en.manage.nav.audit }).click();
    // The trail reads as sentences: who did what to whom, by name.
    const said = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(values[k]));
    await page
      .getByText(said(en.manage.audit.do.user.disable, { actor: operator.realname, target: target.realname }))
      .waitFor();
    await page
      .getByText(new RegExp(`^${said(en.manage.audit.do.invite.add, { actor: operator.realname, target: '' })}`))
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'console audit log');

    // On a phone the sections become a row across the top, and nothing is wider than the window.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [section, check] of [
      [en.manage.nav.users, () => page.getByRole('searchbox', { name: en.manage.users.search })],
      [en.manage.nav.settings, () => page.getByRole('form', { name: en.manage.settings.section.chatInfo })],
    ]) {
      await page.getByRole('link', { name: section }).click();
      await check().waitFor();
      await expectNoHorizontalOverflow(page, `console ${section} at 390 px`);
    }
    await page.setViewportSize(DESKTOP.viewport);

    // The console in the three languages.
    await page.goto(app.path('/manage'));
    for (const [lang, texts] of [
      ['vi', vi],
      ['zh-CN', zh],
      ['en', en],
    ]) {
      await page.evaluate((l) => localStorage.setItem('language', JSON.stringify(l)), lang);
      await page.reload();
      await page.getByRole('heading', { name: texts.manage.nav.overview, level: 1 }).waitFor();
      await page.getByRole('link', { name: texts.manage.nav.audit }).waitFor();
    }
  });

  test('a deleted account leaves its messages under "Deleted user", live in the open chat, which becomes read-only', async () => {
    const login = async (person) =>
      (await app.api('/common/pub/login', { account: person.account, password: PASSWORD })).data;
    const [gone, peer] = [await login(leaver), await login(friend)];
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      {
        id: crypto.randomUUID(),
        type: 'text',
        content: 'Goodbye, and thanks',
        toContactId: peer.userInfo.user_id,
        is_group: 0,
      },
      gone.authToken,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));

    const watcher = await app.user({ language: 'vi' });
    await app.signIn(watcher.page, friend.account, PASSWORD, { lang: 'vi' });
    await watcher.page.goto(app.path(`/pages/message/chat?id=${gone.userInfo.user_id}`));
    await watcher.page.getByTestId('bubble').getByText('Goodbye, and thanks').waitFor();

    const { page } = await app.user({ language: 'en' });
    await app.signIn(page, operator.account, PASSWORD, { lang: 'en' });
    await page.goto(app.path('/manage/users'));
    await page.getByRole('searchbox', { name: en.manage.users.search }).fill(leaver.account);
    await page.getByRole('button', { name: `${en.manage.users.delete} ${leaver.realname}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(en.manage.users.deleteAsk.split('{{name}}')[1].slice(0, 30)).waitFor();
    await confirm.getByRole('button', { name: en.common.confirm }).click();
    await page.getByText(en.manage.empty).waitFor();

    // The friend's open chat hears of it at once: the name goes, and the composer gives way.
    await watcher.page.getByRole('heading', { name: vi.chat.deletedUser }).waitFor();
    await watcher.page.getByText(vi.chat.deletedNotice).waitFor();
    await watcher.page.getByTestId('bubble').getByText('Goodbye, and thanks').waitFor();
    await expectNoSeriousA11yViolations(watcher.page, 'chat with a deleted account');
    await watcher.page.screenshot({ path: '/tmp/deleted-account-chat.png' });
    await watcher.page.reload();
    await watcher.page.getByText(vi.chat.deletedNotice).waitFor();
    await watcher.page.getByTestId('bubble').getByText('Goodbye, and thanks').waitFor();
    await watcher.page.screenshot({ path: '/tmp/deleted-account-reload.png' });
    const refused = await app.api('/common/pub/login', { account: leaver.account, password: PASSWORD });
    assert.notEqual(refused.code, 0);
  });
});
