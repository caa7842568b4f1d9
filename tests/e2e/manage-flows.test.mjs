// The operator console's other jobs end to end, in Chromium at 1280×800 (DEMO_MODE on,
// an operator made with `npm run admin`): an announcement published in the console reaches a
// second user live and stays under Mine → Announcements; a message a third user reports from its
// menu is removed from the console's Reports, and the reporter's thread says an operator removed
// it; an invitation code made in the console lets a new person register while registration is
// by invitation. axe on the new screens.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { chatScreen, expectNoSeriousA11yViolations, locale, startApp, uniqueAccount } from './harness.mjs';

const en = locale('en');
const PASSWORD = '123456';
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe('the console’s announcements, reports and invitations (DEMO_MODE=true)', { timeout: 300_000 }, () => {
  let app;
  const operator = { account: uniqueAccount('op'), realname: 'Olga Operator' };
  const sender = { account: uniqueAccount('sd'), realname: 'Sam Sender' };
  const reporter = { account: uniqueAccount('rp'), realname: 'Rita Reporter' };
  const ids = {};

  before(async () => {
    app = await startApp({ name: 'manage-flows', vars: { DEMO_MODE: 'true' }, contextOptions: DESKTOP });
    Object.assign(ids, await app.register([operator, sender, reporter], PASSWORD));
    await app.makeOperator(operator.account);
  });
  after(async () => {
    await app?.close();
  });

  async function console_(section) {
    const { page } = await app.user({ language: 'en' });
    await app.signIn(page, operator.account, PASSWORD, { lang: 'en' });
    await page.goto(app.path('/manage'));
    await page.getByRole('link', { name: section }).click();
    await page.getByRole('heading', { name: section, level: 1 }).waitFor();
    return page;
  }

  test('an announcement reaches a second user live and stays listed in the app', async () => {
    const other = await app.user({ language: 'en' });
    await app.signIn(other.page, sender.account, PASSWORD, { lang: 'en' });
    const page = await console_(en.manage.nav.announcements);
    await page.getByRole('button', { name: en.manage.notices.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(en.manage.notices.titleLabel).fill('Maintenance tonight');
    await dialog.getByLabel(en.manage.notices.textLabel).fill('From 02:00 to 03:00 UTC.');
    await expectNoSeriousA11yViolations(page, 'console announcement dialog');
    await dialog.getByRole('button', { name: en.manage.notices.publish }).click();
    await page.getByRole('heading', { name: 'Maintenance tonight' }).waitFor();
    // The "published" toast fades in: axe reads colours once nothing moves.
    await page.getByText(en.manage.notices.published).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectNoSeriousA11yViolations(page, 'console announcements');
    // The other user, on the chat list, is told at once; Mine → Announcements lists it.
    await other.page.getByText(en.announcements.new.replace('{{title}}', 'Maintenance tonight')).waitFor();
    await other.page.goto(app.path('/pages/mine/index'));
    await other.page.getByRole('link', { name: en.route.announcements }).click();
    await other.page.getByRole('heading', { name: 'Maintenance tonight' }).waitFor();
    await expectNoSeriousA11yViolations(other.page, 'announcements page');
  });

  test('a reported message is removed from the console; the reporter sees an operator removed it', async () => {
    const text = 'buy my watches now';
    const said = await app.api('/common/pub/login', { account: sender.account, password: PASSWORD });
    const sent = await app.api(
      '/enterprise/im/sendMessage',
      { id: `e2e-${Date.now().toString(36)}`, toContactId: ids[reporter.account], content: text, type: 'text' },
      said.data.authToken,
    );
    assert.equal(sent.code, 0, JSON.stringify(sent));

    const { page: reporting } = await app.user({ language: 'en' });
    await app.signIn(reporting, reporter.account, PASSWORD, { lang: 'en' });
    await reporting.goto(app.path(`/pages/message/chat?id=${ids[sender.account]}`));
    const chat = chatScreen(reporting);
    const bubble = chat.textRow(text).getByTestId('bubble');
    await bubble.click({ button: 'right' });
    await reporting.getByRole('menuitem', { name: en.chat.menu.report, exact: true }).click();
    await reporting.getByRole('menuitem', { name: en.chat.report.spam, exact: true }).click();
    await reporting.getByText(en.chat.report.done).waitFor();

    const page = await console_(en.manage.nav.reports);
    const card = page.getByRole('listitem').filter({ hasText: text });
    await card.getByText(en.chat.report.spam).waitFor();
    await expectNoSeriousA11yViolations(page, 'console reports');
    await card.getByRole('button', { name: en.manage.reports.hide }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm }).click();
    await page.getByText(en.manage.reports.done).waitFor();
    // Live on the reporter's open thread.
    await reporting.getByText(en.chat.recall.moderated).waitFor();
    assert.equal(await chat.textRow(text).count(), 0);
  });

  test('an invitation code made in the console lets a new person register by invitation', async () => {
    const page = await console_(en.manage.nav.invitations);
    await page.getByRole('button', { name: en.manage.invites.add }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.manage.invites.create }).click();
    const code = (await page.locator('li .font-mono').first().innerText()).trim();
    assert.match(code, /^[A-Z0-9]{10}$/);
    // Registration by invitation only, as an operator sets it (the API stands in for the Settings form).
    const op = await app.api('/common/pub/login', { account: operator.account, password: PASSWORD });
    const set = await app.api(
      '/manage/config/setConfig',
      { name: 'sysInfo', value: { regtype: '2' } },
      op.data.authToken,
    );
    assert.equal(set.code, 0, JSON.stringify(set));

    const { page: newcomer } = await app.user({ language: 'en' });
    await newcomer.goto(app.path(`/pages/login/register?inviteCode=${code}`));
    await newcomer.getByLabel(en.register.account, { exact: true }).fill(uniqueAccount('nw'));
    await newcomer.getByLabel(en.register.nickname, { exact: true }).fill('Nina Newcomer');
    await newcomer.getByLabel(en.register.password, { exact: true }).fill(PASSWORD);
    await newcomer.getByLabel(en.register.confirmPassword, { exact: true }).fill(PASSWORD);
    assert.equal(await newcomer.getByLabel(en.register.inviteCode, { exact: true }).inputValue(), code);
    await newcomer.getByRole('button', { name: en.register.submit, exact: true }).click();
    await newcomer.getByText(en.register.success).waitFor();
    // The code was single-use: the list says so.
    await page.reload();
    await page.getByText(en.manage.invites.state.used).waitFor();
  });
});
