// lib/i18n: language changes, the texts that load later, and components following both.
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLanguage, i18n, type TKey, useTranslation } from '../../web/src/lib/i18n';

const VI_FILE = '../../web/src/locales/vi/translation.json?raw';

function Heading({ onT }: { onT?: (t: unknown) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    onT?.(t);
  }, [t, onT]);
  return (
    <h1>
      {t('setting.language')} / {t('error.serverError')}
    </h1>
  );
}

afterEach(() => {
  vi.doUnmock(VI_FILE);
  vi.resetModules();
});

describe('i18n', () => {
  it('re-renders components with the new texts when the language changes', async () => {
    const seen: unknown[] = [];
    const record = (t: unknown) => void seen.push(t);
    render(<Heading onT={record} />);
    expect(screen.getByRole('heading').textContent).toBe('Language / The server returned an error, please check!');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('heading').textContent).toBe('语言 / 服务器返回错误，请检查！');
    const afterFirst = seen.length;
    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getByRole('heading').textContent).toBe('Ngôn ngữ / Máy chủ trả về lỗi, vui lòng kiểm tra!');
    // A new t after each change, so effects that use it run again.
    expect(afterFirst).toBeGreaterThan(1);
    expect(seen.length).toBeGreaterThan(afterFirst);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('loads a language before switching to it, and sets the page language', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(i18n.t('common.resendIn', { count: 1 })).toBe('1 秒后重发');
  });

  it('chooses plural forms with the current language', async () => {
    expect(i18n.t('common.resendIn', { count: 1 })).toBe('Resend in 1 s');
    expect(i18n.t('chatList.unread', { count: 1 })).toBe('1 unread message');
    expect(i18n.t('chatList.unread', { count: 2 })).toBe('2 unread messages');
    await i18n.changeLanguage('vi');
    expect(i18n.t('chatList.unread', { count: 1 })).toBe('1 tin chưa đọc');
  });

  it('returns the key itself for an unknown key', () => {
    expect(i18n.t('nothing.here' as TKey)).toBe('nothing.here');
  });

  it('applies only the last of overlapping changes', async () => {
    await Promise.all([i18n.changeLanguage('zh-CN'), i18n.changeLanguage('vi')]);
    expect(i18n.language).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });

  it('changeLanguage() also remembers the language for the next start', async () => {
    await changeLanguage('zh-CN');
    expect(JSON.parse(localStorage.getItem('language')!)).toBe('zh-CN');
    expect(i18n.language).toBe('zh-CN');
  });
});

describe('i18n at start-up', () => {
  /** A fresh copy of lib/i18n, as a new page load would run it, with `stored` as the remembered language. */
  async function start(stored?: string) {
    if (stored) localStorage.setItem('language', JSON.stringify(stored));
    vi.resetModules();
    return import('../../web/src/lib/i18n');
  }

  it('starts in the stored language, loaded before i18nReady settles', async () => {
    const fresh = await start('zh-CN');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(fresh.i18n.t('setting.language')).toBe('语言');
  });

  it('starts in vi when nothing (or something unknown) is stored', async () => {
    const fresh = await start('fr');
    await fresh.i18nReady;
    expect(fresh.i18n.language).toBe('vi');
    expect(fresh.storedLanguage()).toBe('vi');
    expect(fresh.i18n.t('common.confirm')).toBe('Đồng ý');
  });

  it('has the bundled vi texts at once, the rest when the whole file arrives, and re-renders then', async () => {
    // Hold the whole vi file back until the test lets it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { default: text } = await import(VI_FILE);
    vi.doMock(VI_FILE, async () => {
      await held;
      return { default: text };
    });
    const fresh = await start();
    await fresh.i18nReady;
    function Texts() {
      const { t } = fresh.useTranslation();
      return <p>{`${t('common.confirm')} / ${t('error.serverError')}`}</p>;
    }
    render(<Texts />);
    expect(screen.getByRole('paragraph').textContent).toBe('Đồng ý / error.serverError');
    release();
    await act(() => fresh.allTextsReady);
    expect(screen.getByRole('paragraph').textContent).toBe('Đồng ý / Máy chủ trả về lỗi, vui lòng kiểm tra!');
  });

  it('takes a text the chosen language lacks from the whole vi file', async () => {
    vi.doMock('../../web/src/locales/en/translation.json', () => ({ default: { setting: { language: 'Language' } } }));
    const fresh = await start('en');
    await fresh.allTextsReady;
    expect(fresh.i18n.t('setting.language')).toBe('Language');
    expect(fresh.i18n.t('error.serverError')).toBe('Máy chủ trả về lỗi, vui lòng kiểm tra!');
    expect(fresh.i18n.t('common.resendIn', { count: 1 })).toBe('Gửi lại sau 1 giây');
    vi.doUnmock('../../web/src/locales/en/translation.json');
  });

  it('still starts in the stored language when its file fails to load, with the vi texts', async () => {
    vi.doMock('../../web/src/locales/en/translation.json', () => {
      throw new Error('offline');
    });
    const fresh = await start('en');
    await fresh.allTextsReady;
    expect(fresh.i18n.language).toBe('en');
    expect(fresh.i18n.t('setting.language')).toBe('Ngôn ngữ');
    vi.doUnmock('../../web/src/locales/en/translation.json');
  });
});
