// The app update (lib/app-update, app/upgrade-popup.tsx: the spec's upgrade popup): a waiting
// version opens an accessible popup in the user's language; Update switches to it only once the
// outbox has saved what it was writing, Later closes it; the app asks for a new version every
// hour, when the page comes back into view and when the socket (re)connects. The service
// worker's registration is vite-plugin-pwa's virtual module, which only a build provides: a
// stand-in plays it here and hands back the options the app gave it.
import 'fake-indexeddb/auto';

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { UpgradePopupHost } from '../../web/src/app/upgrade-popup';
import { PATHS } from '../../web/src/config/paths';
import { outbox, type OutboxEntry } from '../../web/src/features/chat/state/outbox';
import { CHECK_EVERY_MS, scheduleUpdateChecks } from '../../web/src/lib/app-update/checks';
import { isBelow } from '../../web/src/lib/app-update/min-version';
import { registerAppUpdates } from '../../web/src/lib/app-update/register';
import {
  applyUpdate,
  appUpdate,
  checkForUpdate,
  offerUpdate,
  requireVersion,
  setUpdateCheck,
} from '../../web/src/lib/app-update/store';
import { i18n } from '../../web/src/lib/i18n';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { realtime } from '../../web/src/lib/realtime';
import { storage } from '../../web/src/lib/storage';
import { fetchSystemInfo } from '../../web/src/lib/system-info';
import { FakeSocket } from './fake-socket';
import { envelope, ME, serve, socket } from './friends-fakes';
import { mockApi, renderApp, signIn, systemInfo } from './helpers';

type Options = Parameters<typeof import('virtual:pwa-register').registerSW>[0] & {};
const pwa = vi.hoisted(() => ({ options: null as unknown, switchToWaiting: (): Promise<void> => Promise.resolve() }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: unknown) => {
    pwa.options = options;
    return () => pwa.switchToWaiting();
  },
}));

const TEXTS = {
  en: { title: 'A new version is available', update: 'Update', later: 'Later' },
  vi: { title: 'Đã có phiên bản mới', update: 'Cập nhật', later: 'Để sau' },
  'zh-CN': { title: '有新版本可用', update: '更新', later: '稍后' },
} as const;

beforeEach(() => {
  appUpdate.set({ waiting: false, later: false, forced: false });
  setUpdateCheck(() => undefined);
});

afterEach(() => {
  session.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the upgrade popup', () => {
  it.each(Object.entries(TEXTS))(
    'says a new version is available in %s, with Update and Later',
    async (lang, texts) => {
      await i18n.changeLanguage(lang);
      render(<UpgradePopupHost />);
      act(() => offerUpdate(() => Promise.resolve()));
      const dialog = screen.getByRole('dialog', { name: texts.title });
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(screen.getByRole('button', { name: texts.update })).toBeTruthy();
      expect(screen.getByRole('button', { name: texts.later })).toBeTruthy();
    },
  );

  it('takes the focus on its first button, Update, and fades in', () => {
    render(<UpgradePopupHost />);
    act(() => offerUpdate(() => Promise.resolve()));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('dialog').parentElement!.className).toContain('fade-in');
  });

  it('calls the update function on Update', async () => {
    const update = vi.fn(() => new Promise<void>(() => undefined));
    render(<UpgradePopupHost />);
    act(() => offerUpdate(update));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(update).toHaveBeenCalledOnce();
    // While the page switches, neither button can be pressed again.
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(true);
  });

  it('closes on Later (and on Escape) until the next new version', async () => {
    render(<UpgradePopupHost />);
    act(() => offerUpdate(() => Promise.resolve()));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => offerUpdate(() => Promise.resolve()));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows over any page of the app, the login page included, once a version waits', async () => {
    renderApp(PATHS.login);
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => offerUpdate(() => Promise.resolve()));
    expect(await screen.findByRole('dialog', { name: 'A new version is available' })).toBeTruthy();
  });
});

describe('the service worker registration', () => {
  const entry = (id: string): OutboxEntry => ({
    id,
    owner: ME,
    contact: '21',
    createdAt: 1,
    kind: 'text',
    body: { id, type: 'text', content: 'not sent yet' },
  });

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { serviceWorker: new EventTarget() }),
    );
    pwa.switchToWaiting = vi.fn(() => Promise.resolve());
    registerAppUpdates();
  });

  it('switches to the waiting version only after the outbox has saved the message it was writing', async () => {
    const options = pwa.options as Options;
    options.onNeedRefresh!();
    expect(appUpdate.get().waiting).toBe(true);

    const saving = outbox.put(entry('m1'));
    const updating = applyUpdate();
    await Promise.resolve();
    expect(pwa.switchToWaiting).not.toHaveBeenCalled();
    await saving;
    await updating;
    expect(pwa.switchToWaiting).toHaveBeenCalledOnce();
    expect((await outbox.list(ME)).map((e) => e.id)).toEqual(['m1']);
  });

  it('asks the registered service worker for a new version when the app checks', () => {
    const update = vi.fn(() => Promise.resolve());
    checkForUpdate();
    (pwa.options as Options).onRegisteredSW!('/sw.js', { update } as unknown as ServiceWorkerRegistration);
    expect(update).not.toHaveBeenCalled();
    checkForUpdate();
    expect(update).toHaveBeenCalledOnce();
  });
});

describe('update checks', () => {
  it('asks every hour', () => {
    vi.useFakeTimers();
    const check = vi.fn();
    const stop = scheduleUpdateChecks(check);
    vi.advanceTimersByTime(CHECK_EVERY_MS - 1);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2 * CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(CHECK_EVERY_MS);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('asks when the page becomes visible, not when it is hidden', () => {
    const check = vi.fn();
    const stop = scheduleUpdateChecks(check);
    const becomes = (state: DocumentVisibilityState) => {
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
      document.dispatchEvent(new Event('visibilitychange'));
    };
    becomes('hidden');
    expect(check).not.toHaveBeenCalled();
    becomes('visible');
    expect(check).toHaveBeenCalledTimes(1);
    stop();
    becomes('visible');
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('asks each time the signed-in socket connects and reconnects', async () => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    serve({ '/enterprise/im/getContacts': () => envelope({ data: [], count: 0, page: 0 }) });
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
    const check = vi.fn();
    setUpdateCheck(check);
    session.start(ME, makeQueryClient());
    await socket();
    expect(check).toHaveBeenCalledTimes(1);

    FakeSocket.made[0]!.drop();
    realtime.reconnect();
    await waitFor(() => expect(FakeSocket.made.length).toBe(2));
    FakeSocket.made[1]!.open();
    expect(check).toHaveBeenCalledTimes(2);
  });
});

describe('a version below the server\'s minimum (the reference\'s "forcibly")', () => {
  it('compares dotted versions by number', () => {
    expect(isBelow('1.0.6', '1.0.10')).toBe(true);
    expect(isBelow('1.0.6', '1.0.6')).toBe(false);
    expect(isBelow('1.2', '1.1.9')).toBe(false);
    expect(isBelow('1.0.6', '2')).toBe(true);
    expect(isBelow('1.0.6', '')).toBe(false);
    expect(isBelow('1.0.6', 'soon')).toBe(false);
  });

  it('opens the popup without Later when getSystemInfo names a higher minVersion, in each language', async () => {
    mockApi({ '/common/pub/getSystemInfo': () => ({ ...systemInfo({ minVersion: '99.0.0' }) }) });
    render(<UpgradePopupHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => fetchSystemInfo());
    const texts = {
      en: 'This version is no longer supported',
      vi: 'Phiên bản này không còn được hỗ trợ',
      'zh-CN': '此版本已不再受支持',
    };
    for (const [lang, text] of Object.entries(texts)) {
      await act(() => i18n.changeLanguage(lang));
      expect(screen.getByRole('dialog').textContent).toContain(text);
      expect(screen.queryByRole('button', { name: TEXTS[lang as keyof typeof TEXTS].later })).toBeNull();
    }
    await act(() => i18n.changeLanguage('en'));
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks nothing of a version at or above the minimum', async () => {
    mockApi({ '/common/pub/getSystemInfo': () => ({ ...systemInfo({ minVersion: '1.0.0' }) }) });
    render(<UpgradePopupHost />);
    await act(() => fetchSystemInfo());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a newer build at once, and switches to it on Update once it has installed', async () => {
    const check = vi.fn();
    setUpdateCheck(check);
    act(() => requireVersion('99.0.0'));
    expect(check).toHaveBeenCalledOnce();
    render(<UpgradePopupHost />);
    // Until one waits, the popup offers a reload (tests/web/min-version.test.tsx).
    const apply = vi.fn(() => Promise.resolve());
    act(() => offerUpdate(apply));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
