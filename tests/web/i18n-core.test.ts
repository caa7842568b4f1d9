// Finding and filling in a text (lib/i18n-core): the rules the locale files were written for.
import { describe, expect, it } from 'vitest';
import { interpolate, pluralCategory, translate, type Catalog } from '../../web/src/lib/i18n-core';

const EN: Catalog = ['en', [{ inbox: { unread_one: '{{count}} unread message', unread_other: '{{count}} unread messages', title: 'Inbox' } }]];
// vi as at start-up (a bundled part) and once its whole file has arrived (searched after it).
const VI_BUNDLED = { common: { ok: 'Đồng ý' } };
const VI_FILE = { common: { ok: 'Đồng ý' }, inbox: { unread_other: '{{count}} tin chưa đọc', title: 'Hộp thư', only: 'Chỉ tiếng Việt' } };
const VI: Catalog = ['vi', [VI_BUNDLED, VI_FILE]];

describe('interpolate', () => {
  it('fills in {{name}}, spaces inside the braces allowed, numbers as written', () => {
    expect(interpolate('Hi {{name}}, {{ count }} new', { name: 'An', count: 3 })).toBe('Hi An, 3 new');
  });

  it('does not escape HTML (React escapes when it renders)', () => {
    expect(interpolate('From {{name}}', { name: '<b>Tom & Jerry</b>' })).toBe('From <b>Tom & Jerry</b>');
    expect(interpolate('From {{- name}}', { name: 'a&b' })).toBe('From a&b');
  });

  it('leaves a placeholder the options lack as written, and empties one given as undefined or null', () => {
    expect(interpolate('{{a}}/{{b}}/{{c}}', { b: undefined, c: null })).toBe('{{a}}//');
  });

  it('does not read values from the object prototype', () => {
    expect(interpolate('{{toString}}', {})).toBe('{{toString}}');
  });

  it('does not fill in a value that itself looks like a placeholder', () => {
    expect(interpolate('{{a}} {{b}}', { a: '{{b}}', b: 'x' })).toBe('{{b}} x');
  });
});

describe('pluralCategory', () => {
  it("follows the language's plural rules: en has one and other, vi and zh-CN only other", () => {
    expect([0, 1, 2].map((n) => pluralCategory('en', n))).toEqual(['other', 'one', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('vi', n))).toEqual(['other', 'other', 'other']);
    expect([0, 1, 2].map((n) => pluralCategory('zh-CN', n))).toEqual(['other', 'other', 'other']);
  });
});

describe('translate', () => {
  it('finds a text by its dotted path', () => {
    expect(translate([EN, VI], 'inbox.title')).toBe('Inbox');
  });

  it("chooses the plural form by count with the language's rules", () => {
    expect(translate([EN, VI], 'inbox.unread', { count: 1 })).toBe('1 unread message');
    expect(translate([EN, VI], 'inbox.unread', { count: 5 })).toBe('5 unread messages');
    expect(translate([EN, VI], 'inbox.unread', { count: 0 })).toBe('0 unread messages');
    expect(translate([VI], 'inbox.unread', { count: 1 })).toBe('1 tin chưa đọc');
  });

  it('prefers key_zero for 0, then falls back to key and key_other', () => {
    const texts: Catalog = ['en', [{ a_zero: 'none', a_one: 'one', a_other: '{{count}}', b: 'plain {{count}}', c_other: 'only other' }]];
    expect(translate([texts], 'a', { count: 0 })).toBe('none');
    expect(translate([texts], 'b', { count: 1 })).toBe('plain 1');
    expect(translate([texts], 'c', { count: 1 })).toBe('only other');
  });

  it('searches the later parts of a language (the whole vi file after the bundled groups)', () => {
    expect(translate([VI], 'common.ok')).toBe('Đồng ý');
    expect(translate([VI], 'inbox.title')).toBe('Hộp thư');
    expect(translate([['vi', [VI_BUNDLED]]], 'inbox.title')).toBe('inbox.title');
  });

  it('falls back to the next catalog (vi) for a text the language lacks, with that language’s plural rules', () => {
    expect(translate([EN, VI], 'inbox.only')).toBe('Chỉ tiếng Việt');
    expect(translate([['en', []], VI], 'inbox.unread', { count: 1 })).toBe('1 tin chưa đọc');
  });

  it('returns the key itself when no catalog has it, a plural one without suffix', () => {
    expect(translate([EN, VI], 'inbox.missing')).toBe('inbox.missing');
    expect(translate([EN, VI], 'nothing.here', { count: 2 })).toBe('nothing.here');
  });

  it('does not take a group or an object member for a text', () => {
    expect(translate([EN, VI], 'inbox')).toBe('inbox');
    expect(translate([EN, VI], 'inbox.toString')).toBe('inbox.toString');
    expect(translate([EN, VI], 'constructor')).toBe('constructor');
  });
});
