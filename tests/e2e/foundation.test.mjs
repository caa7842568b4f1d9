// The foundation a person walks through first: sign up, log in, switch the language, reload,
// log out; and the demo-account note on the login page in demo mode.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { locale, startApp } from './harness.mjs';

const vi = locale('vi'); // the default language
const en = locale('en');

const phoneAccount = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

describe('a new user (DEMO_MODE off)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'foundation', vars: { DEMO_MODE: 'false' }, shared: true });
  });
  after(async () => {
    await app?.close();
  });

  test('registers, logs in, switches to English, reloads, logs out', async () => {
    const { page, errors } = await app.user();
    const account = phoneAccount();
    const password = 'secret123';

    // Registration page (Vietnamese by default).
    await page.goto(app.path('/pages/login/register'));
    await page.getByRole('heading', { name: vi.route.register }).waitFor();
    await page.getByLabel(vi.register.account, { exact: true }).fill(account);
    await page.getByLabel(vi.register.nickname, { exact: true }).fill('Thử Nghiệm');
    await page.getByLabel(vi.register.password, { exact: true }).fill(password);
    await page.getByLabel(vi.register.confirmPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: vi.register.submit, exact: true }).click();

    // Back on the login page with the new account filled in.
    // (Both pages have "Account" and "Password" fields: wait for the login page itself.)
    await page.waitForURL(/#\/pages\/login\/index/);
    await page.getByRole('heading', { name: vi.login.welcome }).waitFor();
    await page.getByText(vi.register.success).waitFor();
    const accountField = page.getByLabel(vi.login.account, { exact: true });
    assert.equal(await accountField.inputValue(), account);
    await page.getByLabel(vi.login.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: vi.login.submit, exact: true }).click();

    // Signed in: the home tab.
    await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
    await page.getByRole('heading', { name: vi.route.home }).waitFor();

    // Settings: choose English; it applies at once.
    await page.goto(app.path('/pages/mine/setting'));
    await page.getByRole('heading', { name: vi.route.setting }).waitFor();
    await page.getByRole('radio', { name: en.language.en }).click();
    await page.getByRole('heading', { name: en.route.setting }).waitFor();
    assert.equal(await page.getByRole('radio', { name: en.language.en }).getAttribute('aria-checked'), 'true');

    // Reload: still English, still signed in (still on settings, not sent to login).
    await page.reload();
    await page.getByRole('heading', { name: en.route.setting }).waitFor();
    assert.match(page.url(), /#\/pages\/mine\/setting/);
    assert.equal(await page.getByRole('radio', { name: en.language.en }).getAttribute('aria-checked'), 'true');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

    // Log out from the Me tab, confirming the dialog: back on the login page, in English.
    await page.goto(app.path('/pages/mine/index'));
    await page.getByRole('button', { name: en.mine.logout, exact: true }).click();
    await page.getByRole('alertdialog').getByText(en.mine.logoutConfirm).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await page.waitForURL(/#\/pages\/login\/index/);
    await page.getByRole('heading', { name: en.login.welcome }).waitFor();

    // Logged out for real: a signed-in page now sends the user to login.
    await page.goto(app.path('/pages/mine/setting'));
    await page.waitForURL(/#\/pages\/login\/index/);
    await page.getByRole('heading', { name: en.login.welcome }).waitFor();

    // Not in demo mode: no demo-account note.
    assert.equal(await page.getByText(en.login.demoAccounts).count(), 0);
    assert.deepEqual(errors.map(String), []);
  });
});

describe('demo mode (DEMO_MODE=true)', { timeout: 180_000 }, () => {
  let app;
  before(async () => {
    app = await startApp({ name: 'demo-mode', vars: { DEMO_MODE: 'true' }, shared: true });
  });
  after(async () => {
    await app?.close();
  });

  test('the login page shows the demo-account note, and a demo account logs in', async () => {
    const { page, errors } = await app.user();
    await page.goto(app.path('/pages/login/index'));
    await page.getByRole('heading', { name: vi.login.welcome }).waitFor();
    await page.getByText(vi.login.demoAccounts).waitFor();

    await page.getByLabel(vi.login.account, { exact: true }).fill('13800000002');
    await page.getByLabel(vi.login.password, { exact: true }).fill('123456');
    await page.getByRole('button', { name: vi.login.submit, exact: true }).click();
    await page.waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
    await page.getByRole('heading', { name: vi.route.home }).waitFor();
    assert.deepEqual(errors.map(String), []);
  });
});
