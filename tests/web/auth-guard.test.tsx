// Login-required pages: no token or an expired one sends the user to login,
// carrying the original address as the redirect parameter.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { storage } from '../../web/src/lib/storage';
import { currentPath, mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

const api = () =>
  mockApi({ '/common/pub/getSystemInfo': () => systemInfo(), '/enterprise/im/getUserInfo': () => USER });

describe('login guard', () => {
  it('sends a visitor without a token to login, keeping the page as redirect', async () => {
    api();
    const router = renderApp('/pages/mine/index');
    await waitFor(() => expect(currentPath(router)).toBe('/pages/login/index?redirect=%2Fpages%2Fmine%2Findex'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('keeps the query string of the original address', async () => {
    api();
    const router = renderApp('/pages/message/chat?id=42&is_group=0');
    await waitFor(() => expect(router.location.pathname).toBe('/pages/login/index'));
    expect(router.location.search).toBe(`?redirect=${encodeURIComponent('/pages/message/chat?id=42&is_group=0')}`);
  });

  it('treats an expired token as no token', async () => {
    api();
    signIn(-1000);
    const router = renderApp('/pages/mine/setting');
    await waitFor(() => expect(router.location.pathname).toBe('/pages/login/index'));
  });

  it('lets a signed-in user in', async () => {
    api();
    signIn();
    const router = renderApp('/pages/mine/index');
    expect(await screen.findByText('Alice')).toBeTruthy();
    expect(currentPath(router)).toBe('/pages/mine/index');
  });

  it('does not guard login and registration', async () => {
    api();
    const router = renderApp('/pages/login/register');
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeTruthy();
    expect(currentPath(router)).toBe('/pages/login/register');
  });

  it('serves /pages/index/index as home', async () => {
    api();
    signIn();
    const router = renderApp('/pages/index/index');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
  });

  it('re-checks on every navigation, so a cleared session cannot open more pages', async () => {
    api();
    signIn();
    const router = renderApp('/pages/mine/index');
    await screen.findByText('Alice');
    storage.clearSession();
    await router.navigate('/pages/mine/about');
    expect(router.location.pathname).toBe('/pages/login/index');
  });
});
