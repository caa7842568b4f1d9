// The login screen: validation, remember me, code login, redirect after login, config-driven links.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { currentPath, mockApi, renderApp, systemInfo, USER } from './helpers';

const loginResult = { authToken: 'bearer jwt-1', tokenExpired: Date.now() + 3_600_000, userInfo: USER };

async function openLogin(path = '/pages/login/index', info = systemInfo(), submitLabel = 'Log in') {
  const api = mockApi({
    '/common/pub/getSystemInfo': () => info,
    '/common/pub/login': () => loginResult,
    '/common/pub/sendCode': () => null,
  });
  const router = renderApp(path);
  const submit = await screen.findByRole('button', { name: submitLabel });
  const calls = (url: string) =>
    api.mock.calls.filter(([called]) => called === url).map(([, init]) => JSON.parse(String(init.body)));
  return { calls, router, submit, user: userEvent.setup() };
}

describe('login screen', () => {
  it('asks for the account when it is empty, without calling the server', async () => {
    const { calls, submit, user } = await openLogin();
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter account number!');
    expect(calls('/common/pub/login')).toHaveLength(0);
  });

  it('asks for the password when it is empty', async () => {
    const { submit, user } = await openLogin();
    await user.type(screen.getByLabelText('Account'), '13800000002');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter password!');
  });

  it('shows the validation message in the chosen language', async () => {
    await i18n.changeLanguage('vi');
    const { submit, user } = await openLogin(undefined, undefined, 'Đăng nhập');
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập tài khoản!');
  });

  it('logs in, stores the session and goes to the redirect target', async () => {
    const { calls, router, submit, user } = await openLogin(
      '/pages/login/index?redirect=%2Fpages%2Fmine%2Fsetting%3Ftab%3D1',
    );
    await user.type(screen.getByLabelText('Account'), '13800000002');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(submit);
    await waitFor(() => expect(currentPath(router)).toBe('/pages/mine/setting?tab=1'));
    expect(calls('/common/pub/login')).toEqual([{ account: '13800000002', password: '123456' }]);
    expect(storage.getToken()).toBe('bearer jwt-1');
    expect(storage.getUserInfo()?.realname).toBe('Alice');
  });

  it('never follows a redirect to another site', async () => {
    const { router, submit, user } = await openLogin('/pages/login/index?redirect=https%3A%2F%2Fevil.example%2F');
    await user.type(screen.getByLabelText('Account'), '13800000002');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(submit);
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('remembers the account, and only when asked to', async () => {
    const { submit, user } = await openLogin();
    await user.type(screen.getByLabelText('Account'), '13800000009');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(submit);
    await waitFor(() => expect(storage.getRememberedAccount()).toBe('13800000009'));
  });

  it('pre-fills a remembered account', async () => {
    storage.setRememberedAccount('13800000005');
    await openLogin();
    expect((screen.getByLabelText('Account') as HTMLInputElement).value).toBe('13800000005');
    expect((screen.getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true);
  });

  it('after "forgot password", sends a login code and logs in with it', async () => {
    const { calls, submit, user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Account'), '13800000002');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toHaveProperty('disabled', true);
    expect(calls('/common/pub/sendCode')).toEqual([{ account: '13800000002', type: 1 }]);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(submit);
    await waitFor(() => expect(calls('/common/pub/login')).toEqual([{ account: '13800000002', code: '123456' }]));
  });

  it('offers registration only when it is open, and the demo note only in demo mode', async () => {
    await openLogin(undefined, systemInfo({ regtype: '1' }, true));
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeTruthy();
    expect(screen.getByText('Demo accounts: 13800000002–13800000020, password 123456')).toBeTruthy();
  });

  it('still leads to registration by invitation (regtype 2), whose page asks for the code', async () => {
    const { router, user } = await openLogin(undefined, systemInfo({ regtype: '2' }));
    await user.click(await screen.findByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(currentPath(router)).toBe('/pages/login/register'));
    expect(await screen.findByLabelText('Invite code')).toBeTruthy();
  });

  it('does not lead to registration while the site is closed', async () => {
    await openLogin(undefined, systemInfo({ regtype: '1', state: '0' }));
    await screen.findByText('Parley is closed for now. Only operators can sign in.');
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });

  it('hides registration and the demo note otherwise', async () => {
    await openLogin(undefined, systemInfo({ regtype: '0' }, false));
    await waitFor(() => expect(storage.getGlobalConfig()).toBeTruthy());
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.queryByText(/Demo accounts/)).toBeNull();
  });

  it('says the site is closed, with the operator’s text, in the chosen language', async () => {
    await openLogin(undefined, systemInfo({ state: '0', closeTips: 'back at 06:00' }));
    expect(await screen.findByText('Parley is closed for now: back at 06:00')).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Parley đang tạm đóng: back at 06:00')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('says nothing of it while the site is open', async () => {
    await openLogin(undefined, systemInfo({ state: '1', closeTips: 'back at 06:00' }));
    await waitFor(() => expect(storage.getGlobalConfig()).toBeTruthy());
    expect(screen.queryByText(/closed/)).toBeNull();
  });
});
