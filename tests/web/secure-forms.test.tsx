// The security screen: the password change checks in the spec's order with its texts,
// proves itself by the old password or a code, and keeps this device signed in with the fresh
// token the server answers; the account change asks for the current account's code when it is
// verified; demo mode refuses both without sending anything.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';

import { changePassword } from '../../web/src/features/profile/api/account-calls';
import { validateAccountChange, validatePasswordChange } from '../../web/src/features/profile/utils/account-rules';
import { apiPost } from '../../web/src/lib/api-client';
import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

function openSecure({ demo = false, user = USER as Record<string, unknown> } = {}) {
  const fetchMock = mockApi({
    '/common/pub/getSystemInfo': () => systemInfo({}, demo),
    '/enterprise/im/getUserInfo': () => user,
    '/common/pub/sendCode': () => '',
    '/enterprise/im/editPassword': () => ({ authToken: 'bearer fresh-token', tokenExpired: Date.now() + 7_200_000 }),
    '/enterprise/im/editAccount': (body) => ({ ...user, account: body.account, is_auth: 1 }),
  });
  signIn();
  if (demo) storage.setGlobalConfig(systemInfo({}, true));
  renderApp('/pages/mine/secure');
  return { fetchMock, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

const passwordForm = async () =>
  within((await screen.findByRole('heading', { name: 'Change password' })).closest('section')!);

describe('password change', () => {
  it('checks the new password, the confirmation, then the old password, with the spec texts', async () => {
    const { fetchMock, user } = openSecure();
    const form = await passwordForm();
    const submit = form.getByRole('button', { name: 'Change password' });
    await user.type(form.getByLabelText('Old password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), '12345');
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe('Please enter a password of 6-16 characters');
    await user.type(form.getByLabelText('New password'), '6');
    await user.type(form.getByLabelText('Confirm'), '123457');
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe('Two passwords do not match');
    await user.clear(form.getByLabelText('Old password'));
    await user.clear(form.getByLabelText('Confirm'));
    await user.type(form.getByLabelText('Confirm'), '123456');
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe('Please enter the old password');
    expect(calls(fetchMock, '/enterprise/im/editPassword')).toEqual([]);
  });

  it('sends the old password, stores the fresh token and says the other devices were signed out', async () => {
    const { fetchMock, user } = openSecure();
    const form = await passwordForm();
    await user.type(form.getByLabelText('Old password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), 'new-secret');
    await user.type(form.getByLabelText('Confirm'), 'new-secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/editPassword')).toEqual([
        { password: 'new-secret', originalPassword: 'old-secret' },
      ]),
    );
    await waitFor(() => expect(storage.getToken()).toBe('bearer fresh-token'));
    expect(form.getByRole('status').textContent).toBe('Password changed. Your other devices have been signed out.');
  });

  it('can prove itself with a code sent to my account (type 3) instead', async () => {
    const { fetchMock, user } = openSecure();
    const form = await passwordForm();
    await user.click(form.getByRole('button', { name: 'Use a verification code instead' }));
    await user.click(form.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls(fetchMock, '/common/pub/sendCode')).toEqual([{ account: USER.account, type: 3 }]));
    await user.type(form.getByLabelText('New password'), 'new-secret');
    await user.type(form.getByLabelText('Confirm'), 'new-secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(form.getByRole('alert').textContent).toBe('Please enter the verification code');
    await user.type(form.getByLabelText('Code'), '123456');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/editPassword')).toEqual([{ password: 'new-secret', code: '123456' }]),
    );
  });
});

describe('the socket during a password change', () => {
  it('a 401 to a request sent with the old token meanwhile fails quietly, without signing out', async () => {
    signIn();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url !== '/enterprise/im/editPassword')
          return new Response(JSON.stringify({ code: -1, msg: 'expired', data: [] }), { status: 401 });
        await gate;
        return new Response(
          JSON.stringify({
            code: 0,
            msg: '',
            data: { authToken: 'bearer fresh-token', tokenExpired: Date.now() + 3_600_000 },
          }),
        );
      }),
    );
    try {
      const change = changePassword({ password: 'new-secret', originalPassword: 'old-secret' });
      // The socket, closed by the change, asks for a ticket with the old token before the answer.
      const ticket = apiPost('/common/pub/wsTicket', {}, v.unknown(), { quietNetwork: true });
      await new Promise((resolve) => setTimeout(resolve, 10));
      release();
      await change;
      await expect(ticket).rejects.toMatchObject({ kind: 'network' });
      expect(storage.getToken()).toBe('bearer fresh-token');
      expect(screen.queryByRole('alertdialog')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('account change', () => {
  const accountForm = async () =>
    within((await screen.findByRole('heading', { name: /account$/ })).closest('section')!);

  it('asks a verified account for its own code first, then the new account and its code', async () => {
    const { fetchMock, user } = openSecure({ user: { ...USER, is_auth: 1 } });
    const form = await accountForm();
    await waitFor(() => expect(form.getByRole('heading').textContent).toBe('Change account'));
    const submit = form.getByRole('button', { name: 'Change account' });
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe(
      'Please verify the current account first: enter the code sent to it',
    );
    await user.type(form.getByLabelText('Code'), '111111');
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe('Please enter the new account');
    await user.type(form.getByLabelText('New account'), 'alice@example.com');
    await user.click(submit);
    expect(form.getByRole('alert').textContent).toBe('Please enter the code sent to the new account');
    await user.type(form.getByLabelText("New account's code"), '222222');
    await user.click(submit);
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/editAccount')).toEqual([
        { account: 'alice@example.com', newCode: '222222', code: '111111' },
      ]),
    );
    await waitFor(() => expect(storage.getUserInfo()?.account).toBe('alice@example.com'));
  });

  it('sends codes of type 4 to the current and to the new account', async () => {
    const { fetchMock, user } = openSecure({ user: { ...USER, is_auth: 1 } });
    const form = await accountForm();
    await waitFor(() => expect(form.getAllByRole('button', { name: 'Send code' })).toHaveLength(2));
    const [current, fresh] = form.getAllByRole('button', { name: 'Send code' });
    await user.click(current!);
    await user.type(form.getByLabelText('New account'), '13900000009');
    await user.click(fresh!);
    await waitFor(() =>
      expect(calls(fetchMock, '/common/pub/sendCode')).toEqual([
        { account: USER.account, type: 4 },
        { account: '13900000009', type: 4 },
      ]),
    );
  });

  it('asks an unverified account for the password instead of a code to the current one, and sends it', async () => {
    const { fetchMock, user } = openSecure({ user: { ...USER, is_auth: 0 } });
    const form = await accountForm();
    expect(form.getByRole('heading').textContent).toBe('Verify account');
    expect(form.queryByLabelText('Code')).toBeNull();
    const password = form.getByLabelText('Current password');
    expect(password.getAttribute('type')).toBe('password');
    await user.type(form.getByLabelText('New account'), 'alice2@example.com');
    await user.type(form.getByLabelText("New account's code"), '333333');
    await user.click(form.getByRole('button', { name: 'Verify account' }));
    expect(form.getByRole('alert').textContent).toBe('Please enter your current password');
    expect(calls(fetchMock, '/enterprise/im/editAccount')).toEqual([]);
    await user.type(password, 'my secret');
    await user.click(form.getByRole('button', { name: 'Verify account' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/editAccount')).toEqual([
        { account: 'alice2@example.com', newCode: '333333', code: '', password: 'my secret' },
      ]),
    );
  });

  it('labels the password in Vietnamese and Chinese too', async () => {
    try {
      for (const [lang, label] of [
        ['vi', 'Mật khẩu hiện tại'],
        ['zh-CN', '当前密码'],
      ] as const) {
        await i18n.changeLanguage(lang);
        openSecure({ user: { ...USER, is_auth: 0 } });
        expect(await screen.findByLabelText(label)).toBeTruthy();
        cleanup();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('demo mode', () => {
  it('says the forms are not available to a shared demo account and sends nothing', async () => {
    const { fetchMock, user } = openSecure({ demo: true, user: { ...USER, is_demo: 1 } });
    const form = await passwordForm();
    expect(screen.getAllByRole('note').map((n) => n.textContent)).toEqual([
      'This is not available in demo mode',
      'This is not available in demo mode',
    ]);
    await user.type(form.getByLabelText('Old password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), 'new-secret');
    await user.type(form.getByLabelText('Confirm'), 'new-secret{Enter}');
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Change password' }).disabled).toBe(true);
    expect(calls(fetchMock, '/enterprise/im/editPassword')).toEqual([]);
    expect(calls(fetchMock, '/enterprise/im/editAccount')).toEqual([]);
    // Nor is logging out on every device offered: the accounts are shared.
    expect(screen.queryByRole('button', { name: 'Log out on every device' })).toBeNull();
  });

  it('leaves an account the visitor registered all three changes, as the server does', async () => {
    const { fetchMock, user } = openSecure({ demo: true, user: { ...USER, is_demo: 0, is_auth: 0 } });
    const form = await passwordForm();
    await waitFor(() => expect(screen.queryAllByRole('note')).toEqual([]));
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Change password' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify account' }).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Log out on every device' })).toBeTruthy();
    await user.type(form.getByLabelText('Old password'), 'old-secret');
    await user.type(form.getByLabelText('New password'), 'new-secret');
    await user.type(form.getByLabelText('Confirm'), 'new-secret');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(calls(fetchMock, '/enterprise/im/editPassword')).toEqual([
        { password: 'new-secret', originalPassword: 'old-secret' },
      ]),
    );
  });
});

describe('security rules', () => {
  it('orders the password checks in the order the spec gives', () => {
    expect(validatePasswordChange({ by: 'password', proof: '', password: '123', confirm: 'x' })).toBe(
      'secure.passwordRule',
    );
    expect(validatePasswordChange({ by: 'password', proof: '', password: '1'.repeat(17), confirm: '' })).toBe(
      'secure.passwordRule',
    );
    expect(validatePasswordChange({ by: 'password', proof: '', password: '123456', confirm: '12345' })).toBe(
      'secure.passwordMismatch',
    );
    expect(validatePasswordChange({ by: 'password', proof: '', password: '123456', confirm: '123456' })).toBe(
      'secure.oldPasswordRequired',
    );
    expect(validatePasswordChange({ by: 'code', proof: '', password: '123456', confirm: '123456' })).toBe(
      'secure.codeRequired',
    );
    expect(validatePasswordChange({ by: 'code', proof: '12ab56', password: '123456', confirm: '123456' })).toBe(
      'secure.codeInvalid',
    );
    expect(
      validatePasswordChange({ by: 'code', proof: '123456', password: '1'.repeat(16), confirm: '1'.repeat(16) }),
    ).toBeNull();
  });

  it('orders the account checks: current code (when verified, else the password), new account, its code', () => {
    const ok = { verified: true, code: '111111', password: '', account: 'new_one', newCode: '222222' };
    expect(validateAccountChange(ok)).toBeNull();
    expect(validateAccountChange({ ...ok, code: '' })).toBe('secure.currentCodeRequired');
    expect(validateAccountChange({ ...ok, verified: false, code: '' })).toBe('secure.currentPasswordRequired');
    expect(validateAccountChange({ ...ok, verified: false, code: '', password: 'secret' })).toBeNull();
    expect(validateAccountChange({ ...ok, account: ' ' })).toBe('secure.newAccountRequired');
    expect(validateAccountChange({ ...ok, account: 'a b' })).toBe('secure.accountRule');
    expect(validateAccountChange({ ...ok, newCode: '' })).toBe('secure.newCodeRequired');
  });
});

describe('log out on every device', () => {
  const openWith = (answer: () => unknown) => {
    const fetchMock = mockApi({
      '/common/pub/getSystemInfo': () => systemInfo({}),
      '/enterprise/im/getUserInfo': () => USER,
      '/common/pub/logoutAll': answer,
    });
    signIn();
    renderApp('/pages/mine/secure');
    return { fetchMock, user: userEvent.setup() };
  };

  it('asks first, then ends every session on the server and this one here', async () => {
    const { fetchMock, user } = openWith(() => null);
    await user.click(await screen.findByRole('button', { name: 'Log out on every device' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Log out of Parley on every device signed in to this account, this one included?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(storage.getToken()).toBeFalsy());
    expect(calls(fetchMock, '/common/pub/logoutAll')).toEqual([{}]);
  });

  it('stays signed in when the server refuses or the user cancels', async () => {
    const { fetchMock, user } = openWith(
      () => new Response(JSON.stringify({ code: 400, msg: 'Demo mode does not allow this change', data: null })),
    );
    const button = await screen.findByRole('button', { name: 'Log out on every device' });
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, '/common/pub/logoutAll')).toEqual([]);
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Demo mode does not allow this change')).toBeTruthy();
    expect(storage.getToken()).toBe('bearer test-token');
  });
});
