// The emoji picker's data: emojibase-data's compact set for the reader's language (labels and
// search keywords in vi, en or zh), bundled with the app as its own chunk and loaded only when the
// picker first opens. Nothing is fetched from another site.
import type { Language } from '@web/lib/i18n';
import { foldText } from '@web/utils/fold-text';

/** The shape of one emojibase compact entry that the picker reads (emojibase's CompactEmoji fits it). */
interface SourceEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
  skins?: { unicode: string }[];
}

export interface EmojiEntry {
  emoji: string;
  label: string;
  /** The five skin-tone versions, light to dark, when the emoji has them. */
  skins?: string[];
  /** Label and keywords folded for matching (no case, no diacritics). */
  search: string;
}

/** emojibase's groups in picker order (group 2, "component", holds only the tone swatches and hair parts). */
export const EMOJI_GROUPS = [
  { id: 0, key: 'smileys', icon: '😀' },
  { id: 1, key: 'gestures', icon: '👋' },
  { id: 3, key: 'animals', icon: '🐶' },
  { id: 4, key: 'food', icon: '🍔' },
  { id: 6, key: 'activities', icon: '⚽' },
  { id: 5, key: 'travel', icon: '🚗' },
  { id: 7, key: 'objects', icon: '💡' },
  { id: 8, key: 'symbols', icon: '❤️' },
  { id: 9, key: 'flags', icon: '🏳️' },
] as const;
export type EmojiGroupKey = (typeof EMOJI_GROUPS)[number]['key'];

export type EmojiCatalog = Record<EmojiGroupKey, EmojiEntry[]>;

const TONE_MODIFIERS = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];

/** The five one-tone versions of an emoji, light to dark; mixed-tone pairs (🧑🏻‍🤝‍🧑🏿) are left out. */
function singleToneSkins(skins: { unicode: string }[] | undefined): string[] | undefined {
  if (!skins) return undefined;
  const picked = TONE_MODIFIERS.map(
    (tone) =>
      skins.find(
        (s) =>
          s.unicode.includes(tone) && TONE_MODIFIERS.every((other) => other === tone || !s.unicode.includes(other)),
      )?.unicode,
  );
  return picked.every((s) => s !== undefined) ? picked : undefined;
}

export function buildCatalog(source: readonly SourceEmoji[]): EmojiCatalog {
  const catalog = Object.fromEntries(EMOJI_GROUPS.map((g) => [g.key, [] as EmojiEntry[]])) as EmojiCatalog;
  const keyOfGroup = new Map<number, EmojiGroupKey>(EMOJI_GROUPS.map((g) => [g.id, g.key]));
  const sorted = [...source].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const e of sorted) {
    const key = e.group === undefined ? undefined : keyOfGroup.get(e.group);
    if (!key) continue;
    const skins = singleToneSkins(e.skins);
    catalog[key].push({
      emoji: e.unicode,
      label: e.label,
      ...(skins && { skins }),
      search: foldText([e.label, ...(e.tags ?? [])].join('\n')),
    });
  }
  return catalog;
}

/** Every entry whose label or a keyword contains the query, best first (label starts with it). */
export function searchEmoji(catalog: EmojiCatalog, query: string, limit = 120): EmojiEntry[] {
  const needle = foldText(query.trim());
  if (!needle) return [];
  const all = EMOJI_GROUPS.flatMap((g) => catalog[g.key]);
  const starts = (e: EmojiEntry) => (foldText(e.label).startsWith(needle) ? 0 : 1);
  return all
    .filter((e) => e.search.includes(needle))
    .sort((a, b) => starts(a) - starts(b))
    .slice(0, limit);
}

const SOURCES: Record<Language, () => Promise<{ default: readonly SourceEmoji[] }>> = {
  vi: () => import('emojibase-data/vi/compact.json'),
  en: () => import('emojibase-data/en/compact.json'),
  'zh-CN': () => import('emojibase-data/zh/compact.json'),
};

const loaded = new Map<Language, Promise<EmojiCatalog>>();

/** The catalog in a language, loaded once; a failed load may be tried again. */
export function loadEmojiCatalog(language: Language): Promise<EmojiCatalog> {
  let pending = loaded.get(language);
  if (!pending) {
    pending = SOURCES[language]().then((module) => buildCatalog(module.default));
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
}
