// The oldest supported version (sysInfo.minVersion) set above the running one must not brick the
// apps: the popup claims a new version only when one is really waiting, and
// otherwise says this one is no longer supported with a Reload; the operator's console is never
// blocked, so the setting can be undone there, and a minimum lowered again lifts the popup live;
// the console's field names the running version and refuses a higher one, in each language.
import 'fake-indexeddb/auto';

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import packageJson from '../../package.json';
import { session } from '../../web/src/app/signed-in-session';
import { UpgradePopupHost } from '../../web/src/app/upgrade-popup';
import { APP_VERSION } from '../../web/src/config/app';
import { appUpdate, offerUpdate, requireVersion, setUpdateCheck } from '../../web/src/lib/app-update/store';
import { i18n } from '../../web/src/lib/i18n';
import { asRole, bodiesOf } from './console-fakes';
import { renderApp, systemInfo } from './helpers';

const UNSUPPORTED = {
  en: { title: 'This version is no longer supported', reload: 'Reload', later: 'Later' },
  vi: { title: 'Phiên bản này không còn được hỗ trợ', reload: 'Tải lại', later: 'Để sau' },
  'zh-CN': { title: '此版本已不再受支持', reload: '重新加载', later: '稍后' },
} as const;

beforeEach(() => {
  appUpdate.set({ waiting: false, later: false, forced: false });
  setUpdateCheck(() => undefined);
});

afterEach(() => {
  session.stop();
  vi.unstubAllGlobals();
});

describe('below the minimum with no newer build', () => {
  it.each(Object.entries(UNSUPPORTED))(
    'says in %s that this version is no longer supported, offers Reload, and claims no new version',
    async (lang, texts) => {
      await i18n.changeLanguage(lang);
      act(() => requireVersion('99.0.0'));
      render(<UpgradePopupHost />);
      const dialog = screen.getByRole('dialog', { name: texts.title });
      expect(within(dialog).getByRole('button', { name: texts.reload })).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: texts.later })).toBeNull();
      for (const claim of ['A new version is available', 'Đã có phiên bản mới', '有新版本可用'])
        expect(dialog.textContent).not.toContain(claim);
    },
  );

  it('asks at once whether a newer build exists, and offers Update (still without Later) once one waits', () => {
    const check = vi.fn();
    setUpdateCheck(check);
    act(() => requireVersion('99.0.0'));
    expect(check).toHaveBeenCalledOnce();
    render(<UpgradePopupHost />);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    act(() => offerUpdate(() => Promise.resolve()));
    expect(screen.getByRole('dialog', { name: 'A new version is available' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
  });

  it('goes away when the operator lowers the minimum again', () => {
    act(() => requireVersion('99.0.0'));
    render(<UpgradePopupHost />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => requireVersion(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the operator's console under a minimum above this version", () => {
  const config = { sysInfo: { name: 'Parley', minVersion: '99.0.0' }, chatInfo: {}, fileUpload: {} };

  it('is not blocked, so the minimum can be undone there; the rest of the app is', async () => {
    const fetchMock = asRole(1, {
      '/common/pub/getSystemInfo': () => systemInfo({ minVersion: '99.0.0' }),
      '/manage/config/getAllConfig': () => config,
      '/manage/config/setConfig': () => null,
    });
    const router = renderApp('/manage/settings');
    const field = await screen.findByRole('textbox', { name: /Oldest supported app version/ });
    // As the operator's own save of it does (updateConfig: getSystemInfo read again).
    act(() => requireVersion('99.0.0'));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('dialog')).toBeNull();

    const user = userEvent.setup();
    await user.clear(field);
    const site = screen.getByRole('form', { name: 'Site and registration' });
    await user.click(within(site).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([{ name: 'sysInfo', value: { minVersion: '' } }]),
    );

    await router.navigate('/');
    expect(await screen.findByRole('dialog', { name: 'This version is no longer supported' })).toBeTruthy();
  });
});

describe("the console's oldest-supported-version field", () => {
  const config = { sysInfo: { name: 'Parley', minVersion: '' }, chatInfo: {}, fileUpload: {} };
  const TEXTS = {
    en: {
      label: /Oldest supported app version/,
      running: `This app is version ${APP_VERSION}`,
      above: 'Cannot be higher',
    },
    vi: {
      label: /Phiên bản ứng dụng cũ nhất được hỗ trợ/,
      running: `Ứng dụng này là phiên bản ${APP_VERSION}`,
      above: 'Không được cao hơn',
    },
    'zh-CN': { label: /支持的最低应用版本/, running: `本应用版本为 ${APP_VERSION}`, above: '不能高于' },
  } as const;

  it.each(Object.entries(TEXTS))(
    'in %s names the running version and refuses a higher one, with the reason, before anything is sent',
    async (lang, texts) => {
      await i18n.changeLanguage(lang);
      const fetchMock = asRole(1, {
        '/manage/config/getAllConfig': () => config,
        '/manage/config/setConfig': () => null,
      });
      renderApp('/manage/settings');
      const field = await screen.findByRole('textbox', { name: texts.label });
      const form = field.closest('form')!;
      expect(form.textContent).toContain(texts.running);
      const save = within(form).getAllByRole('button').at(-1)!;

      const user = userEvent.setup();
      await user.type(field, '1.0.7');
      expect(within(form).getByRole('alert').textContent).toContain(texts.above);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect((save as HTMLButtonElement).disabled).toBe(true);

      await user.clear(field);
      await user.type(field, APP_VERSION);
      expect(within(form).queryByRole('alert')).toBeNull();
      await user.click(save);
      await waitFor(() =>
        expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
          { name: 'sysInfo', value: { minVersion: APP_VERSION } },
        ]),
      );
    },
  );

  it("knows the version package.json declares (the Worker's copy is the same)", () => {
    expect(APP_VERSION).toBe(packageJson.version);
  });
});
