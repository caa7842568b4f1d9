// The registration form: password rules, config-driven code and invite fields, the way back to login.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { currentPath, mockApi, renderApp, systemInfo } from './helpers';

async function openRegister(path = '/pages/login/register', info = systemInfo()) {
  const api = mockApi({
    '/common/pub/getSystemInfo': () => info,
    '/common/pub/register': (body) => ({ user_id: 9, account: body.account, realname: body.realname }),
    '/common/pub/sendCode': () => null,
  });
  const router = renderApp(path);
  const submit = await screen.findByRole('button', { name: 'Sign up' });
  const calls = (url: string) =>
    api.mock.calls.filter(([called]) => called === url).map(([, init]) => JSON.parse(String(init.body)));
  return { calls, router, submit, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) if (value) await user.type(screen.getByLabelText(label), value);
}

const VALID = { Account: 'newbie', Nickname: 'Newbie', Password: 'secret1', 'Confirm password': 'secret1' };

describe('registration form', () => {
  it('requires a nickname', async () => {
    const { submit, user } = await openRegister();
    await fill(user, { ...VALID, Nickname: '' });
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a nickname');
  });

  it.each(['12345', '12345678901234567'])('refuses the password %s as not 6-16 characters', async (password) => {
    const { calls, submit, user } = await openRegister();
    await fill(user, { ...VALID, Password: password, 'Confirm password': password });
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a password of 6-16 characters');
    expect(calls('/common/pub/register')).toHaveLength(0);
  });

  it('refuses a confirmation that does not match', async () => {
    const { submit, user } = await openRegister();
    await fill(user, { ...VALID, 'Confirm password': 'secret2' });
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('Two passwords do not match');
  });

  it('registers, then opens login with the account filled in', async () => {
    const { calls, router, submit, user } = await openRegister();
    await fill(user, { ...VALID, Password: '1234567890123456', 'Confirm password': '1234567890123456' });
    await user.click(submit);
    await waitFor(() => expect(currentPath(router)).toBe('/pages/login/index?account=newbie'));
    expect(calls('/common/pub/register')).toEqual([
      { account: 'newbie', realname: 'Newbie', password: '1234567890123456' },
    ]);
    expect(await screen.findByText('Registration successful, please log in')).toBeTruthy();
    expect((await screen.findByLabelText<HTMLInputElement>('Account')).value).toBe('newbie');
  });

  it('asks for no verification code when regauth is 0', async () => {
    await openRegister();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.queryByLabelText('Invite code')).toBeNull();
  });

  it('asks for a verification code (sent with type 2) when regauth is not 0', async () => {
    const { calls, submit, user } = await openRegister(undefined, systemInfo({ regauth: '1' }));
    const code = await screen.findByLabelText('Verification code');
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls('/common/pub/sendCode')).toEqual([{ account: 'newbie', type: 2 }]));
    await user.type(code, '654321');
    await user.click(submit);
    await waitFor(() => expect(calls('/common/pub/register')[0]).toMatchObject({ code: '654321' }));
  });

  it('asks for an invite code when registration is by invitation, pre-filled from the link', async () => {
    const { calls, submit, user } = await openRegister(
      '/pages/login/register?inviteCode=ABC123',
      systemInfo({ regtype: '2' }),
    );
    expect((await screen.findByLabelText<HTMLInputElement>('Invite code')).value).toBe('ABC123');
    await fill(user, VALID);
    await user.click(submit);
    await waitFor(() => expect(calls('/common/pub/register')[0]).toMatchObject({ inviteCode: 'ABC123' }));
  });

  it('takes the code of an invite link opened while the page is already showing', async () => {
    const { router } = await openRegister('/pages/login/register', systemInfo({ regtype: '2' }));
    const field = await screen.findByLabelText<HTMLInputElement>('Invite code');
    expect(field.value).toBe('');
    await router.navigate('/pages/login/register?inviteCode=LATE42');
    await waitFor(() => expect(field.value).toBe('LATE42'));
  });

  it("says registration is closed with the site, with the operator's text, and offers no form", async () => {
    mockApi({ '/common/pub/getSystemInfo': () => systemInfo({ state: '0', closeTips: 'back at 06:00' }) });
    renderApp('/pages/login/register');
    expect(await screen.findByText('Parley is closed for now, and so is registration: back at 06:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
    expect(screen.queryByLabelText('Account')).toBeNull();
  });

  it('links back to login', async () => {
    const { router, user } = await openRegister();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/pages/login/index'));
  });
});
