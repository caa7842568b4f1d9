// Finding and filling in a text, as i18next does it with lib/i18n's settings: the rules the
// locale files were written for (i18next's JSON v4 format). Texts of the tests' own are added to
// the app's instance under a group the locales do not have.
import { beforeEach, describe, expect, it } from 'vitest';

import { i18n, type TKey } from '../../web/src/lib/i18n';

/** `i18n.t` for the tests' own keys, which the vi locale (and so the key type) does not have. */
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key as TKey, options);

beforeEach(() => {
  i18n.addResourceBundle(
    'en',
    'translation',
    {
      rules: {
        inbox: { unread_one: '{{count}} unread message', unread_other: '{{count}} unread messages', title: 'Inbox' },
        hi: 'Hi {{name}}, {{ count }} new',
        from: 'From {{name}}',
        fromRaw: 'From {{- name}}',
        abc: '{{a}}/{{b}}/{{c}}',
        proto: '{{toString}}',
        ab: '{{a}} {{b}}',
        a_zero: 'none',
        a_one: 'one',
        a_other: '{{count}}',
        b: 'plain {{count}}',
        c_other: 'only other',
      },
    },
    true,
    true,
  );
  i18n.addResourceBundle(
    'vi',
    'translation',
    { rules: { inbox: { unread_other: '{{count}} tin chưa đọc', title: 'Hộp thư', only: 'Chỉ tiếng Việt' } } },
    true,
    true,
  );
});

describe('interpolation', () => {
  it('fills in {{name}}, spaces inside the braces allowed, numbers as written', () => {
    expect(t('rules.hi', { name: 'An', count: 3 })).toBe('Hi An, 3 new');
  });

  it('does not escape HTML (React escapes when it renders)', () => {
    expect(t('rules.from', { name: '<b>Tom & Jerry</b>' })).toBe('From <b>Tom & Jerry</b>');
    expect(t('rules.fromRaw', { name: 'a&b' })).toBe('From a&b');
  });

  it('leaves a placeholder the options lack as written, and empties one given as undefined or null', () => {
    expect(t('rules.abc', { b: undefined, c: null })).toBe('{{a}}//');
  });

  it('does not read values from the object prototype', () => {
    expect(t('rules.proto', {})).toBe('{{toString}}');
  });

  it('does not fill in a value that itself looks like a placeholder', () => {
    expect(t('rules.ab', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });
});

describe('lookup', () => {
  it('finds a text by its dotted path', () => {
    expect(t('rules.inbox.title')).toBe('Inbox');
    expect(i18n.t('setting.language')).toBe('Language');
  });

  it("chooses the plural form by count with the language's rules: en has one and other, vi and zh-CN only other", async () => {
    expect(t('rules.inbox.unread', { count: 1 })).toBe('1 unread message');
    expect(t('rules.inbox.unread', { count: 5 })).toBe('5 unread messages');
    expect(t('rules.inbox.unread', { count: 0 })).toBe('0 unread messages');
    expect([0, 1, 2].map((count) => i18n.t('common.resendIn', { count }))).toEqual([
      'Resend in 0 s',
      'Resend in 1 s',
      'Resend in 2 s',
    ]);
    expect(i18n.t('chatList.unread', { count: 1 })).toBe('1 unread message');
    await i18n.changeLanguage('vi');
    expect(t('rules.inbox.unread', { count: 1 })).toBe('1 tin chưa đọc');
    expect(i18n.t('common.resendIn', { count: 1 })).toBe('Gửi lại sau 1 giây');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('common.resendIn', { count: 1 })).toBe('1 秒后重发');
  });

  it('prefers key_zero for 0, then falls back to key and key_other', () => {
    expect(t('rules.a', { count: 0 })).toBe('none');
    expect(t('rules.b', { count: 1 })).toBe('plain 1');
    expect(t('rules.c', { count: 1 })).toBe('only other');
  });

  it('falls back to vi for a text the language lacks, with vi’s plural rules', async () => {
    expect(t('rules.only')).toBe('rules.only');
    expect(t('rules.inbox.only')).toBe('Chỉ tiếng Việt');
    await i18n.changeLanguage('zh-CN');
    expect(t('rules.inbox.unread', { count: 1 })).toBe('1 tin chưa đọc');
  });

  it('returns the key itself when no language has it, a plural one without suffix', () => {
    expect(t('rules.inbox.missing')).toBe('rules.inbox.missing');
    expect(t('nothing.here', { count: 2 })).toBe('nothing.here');
  });

  it('does not take a group or an object member for a text', () => {
    expect(t('rules.inbox')).toBe('rules.inbox');
    expect(t('rules.inbox.toString')).toBe('rules.inbox.toString');
    expect(t('constructor')).toBe('constructor');
  });
});
