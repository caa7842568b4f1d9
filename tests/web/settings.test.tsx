// The settings screen saves sound, vibration and round-avatar switches and the language at once.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

async function openSettings() {
  mockApi({ '/common/pub/getSystemInfo': () => systemInfo(), '/enterprise/im/getUserInfo': () => USER });
  signIn();
  const router = renderApp('/pages/mine/setting');
  await screen.findByRole('heading', { name: 'Settings' });
  return { router, user: userEvent.setup() };
}

describe('settings screen', () => {
  it('starts from the defaults: sound on, vibration off, square avatars', async () => {
    await openSettings();
    expect(screen.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Vibration' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Round avatars' }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves each switch to appSetting as soon as it is flipped', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('switch', { name: 'Sound' }));
    await user.click(screen.getByRole('switch', { name: 'Round avatars' }));
    expect(JSON.parse(localStorage.getItem('appSetting')!)).toEqual({
      voiceStatus: false,
      vibrateStatus: false,
      circleAvatar: true,
    });
    expect(screen.getByRole('switch', { name: 'Sound' }).getAttribute('aria-checked')).toBe('false');
  });

  it('switches the language at once and remembers it', async () => {
    const { user } = await openSettings();
    await user.click(screen.getByRole('radio', { name: '简体中文' }));
    expect(await screen.findByRole('heading', { name: '设置' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: '声音' })).toBeTruthy();
    expect(storage.getLanguage()).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.click(screen.getByRole('radio', { name: 'Tiếng Việt' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Cài đặt' })).toBeTruthy());
    expect(storage.getLanguage()).toBe('vi');
    expect(i18n.language).toBe('vi');
  });
});
