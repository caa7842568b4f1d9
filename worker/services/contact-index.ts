// The contact list's letter bucket and the initials the directory search matches:
// Latin names by their first letter with diacritics removed (Vietnamese "Đức" → D), Chinese names
// by the pinyin initial of each character, '#' for digits, symbols and other scripts.
import { visibleAccountParts } from './account-mask';

// ICU's pinyin collation orders characters by reading, so a character's initial is the last
// boundary it does not sort before. Each boundary is the first character of its initial in that
// order, read off ICU's own sort of the CJK blocks (no table of readings is kept here); no pinyin
// syllable starts with I, U or V. Characters ICU has no reading for sort after NO_READING.
const PINYIN = new Intl.Collator('zh-CN-u-co-pinyin');
const BOUNDARIES: readonly (readonly [string, string])[] = [
  ['A', '吖'],
  ['B', '丷'],
  ['C', '嚓'],
  ['D', '咑'],
  ['E', '妸'],
  ['F', '发'],
  ['G', '旮'],
  ['H', '哈'],
  ['J', '丌'],
  ['K', '咔'],
  ['L', '垃'],
  ['M', '呣'],
  ['N', '拏'],
  ['O', '喔'],
  ['P', '妑'],
  ['Q', '七'],
  ['R', '呥'],
  ['S', '仨'],
  ['T', '他'],
  ['W', '屲'],
  ['X', '夕'],
  ['Y', '丫'],
  ['Z', '帀'],
];
const NO_READING = '㐀';
const HAN = /^\p{Script=Han}$/u;

/** The pinyin initial (A–Z) of one Chinese character; null for anything else or a character without a reading. */
export function pinyinInitial(char: string): string | null {
  if (!HAN.test(char) || PINYIN.compare(char, NO_READING) >= 0) return null;
  let initial: string | null = null;
  for (const [letter, first] of BOUNDARIES) {
    if (PINYIN.compare(char, first) < 0) break;
    initial = letter;
  }
  return initial;
}

/** Upper-case Latin with diacritics removed ("Đức" → "DUC"). */
export const foldLatin = (s: string) =>
  s
    .replace(/[đĐ]/g, 'D')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

export function letterIndex(name: string): string {
  const first = [...name.trim()][0] ?? '';
  const han = pinyinInitial(first);
  if (han) return han;
  const latin = foldLatin(first).charAt(0);
  return /^[A-Z]$/.test(latin) ? latin : '#';
}

/**
 * A name's initials for search: each Chinese character's pinyin initial, each Latin word's first
 * letter ("诸葛亮" → "ZGL", "Nguyễn Văn An" → "NVA", "Alice" → "A").
 */
export function nameInitials(name: string): string {
  let out = '';
  for (const token of name.match(/\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{M}])+/gu) ?? []) {
    const han = pinyinInitial(token);
    if (han) out += han;
    else {
      const latin = foldLatin(token).charAt(0);
      if (/^[A-Z]$/.test(latin)) out += latin;
    }
  }
  return out;
}

const fold = (s: string) => foldLatin(s).replace(/\s+/g, ' ').trim();

/**
 * Whether the keywords find an account: the whole account (any case), or a piece of what its
 * masked form shows. Matching inside the hidden part would let anyone read it back a character
 * at a time ("138" + each digit) through the directory.
 */
function matchesAccount(wanted: string, account: string): boolean {
  if (fold(account) === wanted) return true;
  return visibleAccountParts(account).some((part) => fold(part).includes(wanted));
}

/**
 * The directory's fuzzy match: the whole account or a piece of its visible part (any case), the
 * keywords inside the name (Vietnamese diacritics ignored: "binh" finds "Bình"), or inside the
 * name's initials ("zgl" finds "诸葛亮"). Empty keywords match everyone.
 */
export function matchesKeywords(keywords: string, user: { account: string; realname: string }): boolean {
  const wanted = fold(keywords);
  if (!wanted) return true;
  if (matchesAccount(wanted, user.account) || fold(user.realname).includes(wanted)) return true;
  return /^[A-Z]+$/.test(wanted) && nameInitials(user.realname).includes(wanted);
}

const NAME_ORDER = new Intl.Collator('vi');

/** Directory order: by letter A–Z, '#' last, then by name. */
export function directoryOrder(a: { realname: string }, b: { realname: string }): number {
  const [la, lb] = [letterIndex(a.realname), letterIndex(b.realname)];
  if (la !== lb) return la === '#' ? 1 : lb === '#' ? -1 : la < lb ? -1 : 1;
  return NAME_ORDER.compare(a.realname, b.realname);
}
