// The Notifications row of the settings: its state read without asking anything,
// and its switch asking the browser's permission from a tap, subscribing and telling the server.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppSettingList, repostPushSubscription } from '../../web/src/features/settings';
import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { mockApi } from './helpers';

const KEY = `B${'A'.repeat(86)}`;
const SUBSCRIPTION_JSON = {
  endpoint: 'https://push.example/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
};

interface Browser {
  permission: NotificationPermission;
  /** What the user answers the permission prompt. */
  answer?: NotificationPermission;
  subscribed?: boolean;
  /** Safari on iOS outside the Home Screen: no PushManager at all. */
  push?: boolean;
  userAgent?: string;
}

function browser({ permission, answer = 'granted', subscribed = false, push = true, userAgent }: Browser) {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const subscription = { endpoint: SUBSCRIPTION_JSON.endpoint, toJSON: () => SUBSCRIPTION_JSON, unsubscribe };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const subscribe = vi.fn(() => {
    current = subscription;
    return Promise.resolve(subscription);
  });
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(current) } };
  const requestPermission = vi.fn(() => {
    notification.permission = answer;
    return Promise.resolve(answer);
  });
  const notification = Object.assign(function Notification() {}, { permission, requestPermission });
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', push ? class {} : undefined);
  const serviceWorker = Object.assign(new EventTarget(), {
    ready: Promise.resolve(registration),
    getRegistration: () => Promise.resolve(registration),
  });
  // Own values: jsdom's getters refuse an object that merely inherits from its navigator.
  const own = { serviceWorker, userAgent: userAgent ?? navigator.userAgent, maxTouchPoints: userAgent ? 5 : 0 };
  vi.stubGlobal(
    'navigator',
    Object.create(navigator, Object.fromEntries(Object.entries(own).map(([name, value]) => [name, { value }]))),
  );
  return { requestPermission, subscribe, unsubscribe };
}

function server(publicKey = KEY, showText: 0 | 1 = 1) {
  return mockApi({
    '/common/push/publicKey': () => ({ publicKey, show_text: showText }),
    '/common/push/subscribe': () => null,
    '/common/push/unsubscribe': () => null,
    '/common/push/setting': (body) => ({ show_text: body.show_text }),
  });
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Notifications row shows its state', () => {
  const cases: { name: string; setup: () => void; texts: Record<string, string[]> }[] = [
    {
      name: 'on',
      setup: () => (browser({ permission: 'granted', subscribed: true }), server()),
      texts: { en: ['On'], vi: ['Bật'], 'zh-CN': ['已开启'] },
    },
    {
      name: 'off',
      setup: () => (browser({ permission: 'default' }), server()),
      texts: { en: ['Off'], vi: ['Tắt'], 'zh-CN': ['已关闭'] },
    },
    {
      name: 'blocked by the browser, with how to unblock',
      setup: () => (browser({ permission: 'denied' }), server()),
      texts: {
        en: [
          'Blocked by the browser',
          'To allow them: open the site settings (the icon left of the address) → Notifications → Allow, then come back here.',
        ],
        vi: [
          'Bị trình duyệt chặn',
          'Để cho phép: mở cài đặt trang web (biểu tượng bên trái địa chỉ) → Thông báo → Cho phép, rồi quay lại đây.',
        ],
        'zh-CN': ['已被浏览器阻止', '允许方法：打开网站设置（地址栏左侧的图标）→ 通知 → 允许，然后回到这里。'],
      },
    },
    {
      name: 'not supported',
      setup: () => (browser({ permission: 'default', push: false }), server()),
      texts: {
        en: ['Not supported', 'This browser cannot show notifications from Parley.'],
        vi: ['Không hỗ trợ', 'Trình duyệt này không hiển thị được thông báo của Parley.'],
        'zh-CN': ['不支持', '此浏览器无法显示 Parley 的通知。'],
      },
    },
    {
      name: 'not supported on iOS Safari until added to the Home Screen',
      setup: () => (browser({ permission: 'default', push: false, userAgent: IPHONE }), server()),
      texts: {
        en: [
          'Not supported',
          'Add Parley to the Home Screen first: tap Share → Add to Home Screen, then open Parley from the Home Screen.',
        ],
        vi: [
          'Không hỗ trợ',
          'Hãy thêm Parley vào Màn hình chính trước: chạm Chia sẻ → Thêm vào MH chính, rồi mở Parley từ Màn hình chính.',
        ],
        'zh-CN': ['不支持', '请先将 Parley 添加到主屏幕：点按“分享”→“添加到主屏幕”，然后从主屏幕打开 Parley。'],
      },
    },
    {
      name: 'not set up on a server without VAPID keys',
      setup: () => (browser({ permission: 'default' }), server('')),
      texts: {
        en: ['Not set up', 'Notifications are not set up on this server.'],
        vi: ['Chưa thiết lập', 'Máy chủ này chưa thiết lập thông báo.'],
        'zh-CN': ['未设置', '此服务器未设置通知。'],
      },
    },
  ];

  for (const { name, setup, texts } of cases)
    it(`${name}, in each language`, async () => {
      setup();
      render(<AppSettingList />);
      for (const [language, expected] of Object.entries(texts)) {
        await act(() => i18n.changeLanguage(language));
        for (const text of expected) expect(await screen.findByText(text)).toBeTruthy();
      }
    });

  it('names its switch and says on or off to assistive technology', async () => {
    browser({ permission: 'granted', subscribed: true });
    server();
    render(<AppSettingList />);
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('On').getAttribute('aria-live')).toBe('polite');
  });
});

describe('the Notifications switch', () => {
  it('tells the server again of the subscription the browser kept (the server drops it at logout)', async () => {
    browser({ permission: 'granted', subscribed: true });
    const api = server();
    render(<AppSettingList />);
    await screen.findByText('On');
    const post = api.mock.calls.find(([url]) => url === '/common/push/subscribe');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ ...SUBSCRIPTION_JSON, device_id: storage.getDeviceId() });
  });

  it('never asks permission when the settings are drawn', async () => {
    const { requestPermission, subscribe } = browser({ permission: 'default' });
    server();
    render(<AppSettingList />);
    await screen.findByRole('switch', { name: 'Notifications on this device' });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('asks permission on a tap, subscribes with the server key and posts the subscription with the device id', async () => {
    const { requestPermission, subscribe } = browser({ permission: 'default' });
    const api = server();
    render(<AppSettingList />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    await screen.findByText('On');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const key = (subscribe.mock.calls[0] as unknown as [{ applicationServerKey: Uint8Array }])[0].applicationServerKey;
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
    const post = api.mock.calls.find(([url]) => url === '/common/push/subscribe');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ ...SUBSCRIPTION_JSON, device_id: storage.getDeviceId() });
    expect(screen.getByRole('switch', { name: 'Notifications on this device' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('says so when no push service answers, and its Try again subscribes', async () => {
    const { subscribe } = browser({ permission: 'default' });
    subscribe.mockImplementationOnce(() =>
      Promise.reject(new DOMException('Registration failed - push service not available', 'AbortError')),
    );
    server();
    render(<AppSettingList />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No push service answered, so notifications could not be turned on. The network may block it; try again later or on another network.',
    );
    expect(screen.getByText('Off')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('On');
    expect(subscribe).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows Blocked when the user refuses the prompt, and subscribes nothing', async () => {
    const { subscribe } = browser({ permission: 'default', answer: 'denied' });
    server();
    render(<AppSettingList />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    expect(await screen.findByText('Blocked by the browser')).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('unsubscribes the browser and the server on a tap when on', async () => {
    const { unsubscribe, requestPermission } = browser({ permission: 'granted', subscribed: true });
    const api = server();
    render(<AppSettingList />);
    await screen.findByText('On');
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications on this device' }));
    await screen.findByText('Off');
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    const post = api.mock.calls.find(([url]) => url === '/common/push/unsubscribe');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ endpoint: SUBSCRIPTION_JSON.endpoint });
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('"Show message text"', () => {
  it('shows under Notifications only while they are on, as the server has it, and tells the server of a change', async () => {
    browser({ permission: 'granted', subscribed: true });
    const api = server(KEY, 0);
    render(<AppSettingList />);
    const toggle = await screen.findByRole('switch', { name: 'Show message text' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const post = api.mock.calls.find(([url]) => url === '/common/push/setting');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ show_text: 1 });
    await act(() => i18n.changeLanguage('vi'));
    expect(await screen.findByRole('switch', { name: 'Hiện nội dung tin nhắn' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByRole('switch', { name: '显示消息内容' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('is not offered while notifications are off', async () => {
    browser({ permission: 'default' });
    server();
    render(<AppSettingList />);
    await screen.findByText('Off');
    expect(screen.queryByRole('switch', { name: 'Show message text' })).toBeNull();
  });
});

describe('at sign-in', () => {
  it('posts the subscription this browser kept again, asking nothing', async () => {
    const { requestPermission } = browser({ permission: 'granted', subscribed: true });
    const api = server();
    await repostPushSubscription();
    const post = api.mock.calls.find(([url]) => url === '/common/push/subscribe');
    expect(JSON.parse(String(post?.[1].body))).toEqual({ ...SUBSCRIPTION_JSON, device_id: storage.getDeviceId() });
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('posts nothing without permission or without a subscription', async () => {
    browser({ permission: 'default' });
    const api = server();
    await repostPushSubscription();
    browser({ permission: 'granted', subscribed: false });
    await repostPushSubscription();
    expect(api.mock.calls.filter(([url]) => url === '/common/push/subscribe')).toEqual([]);
  });
});
