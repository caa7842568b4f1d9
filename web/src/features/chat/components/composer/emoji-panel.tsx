// The emoji panel under the composer: a search box, a grid for one category at a time (or the
// search results), the recently used emoji first, a skin-tone choice and a backspace key, so a
// whole message can be written without the keyboard. Its data loads when the panel first opens.
import { useEffect, useMemo, useState } from 'react';

import { currentLanguage, type Language, useTranslation } from '@web/lib/i18n';

import {
  EMOJI_GROUPS,
  type EmojiCatalog,
  type EmojiEntry,
  type EmojiGroupKey,
  loadEmojiCatalog,
  searchEmoji,
} from '../../emoji/emoji-catalog';
import { recentEmoji, rememberEmoji, setSkinTone, skinTone } from '../../emoji/emoji-prefs';
import { EmojiGrid } from './emoji-grid';
import { SkinTonePicker } from './skin-tone-picker';

interface EmojiPanelProps {
  onPick: (emoji: string) => void;
  /** Absent where nothing is being written (a reaction's picker): no backspace key. */
  onBackspace?: () => void;
}

type Tab = 'recent' | EmojiGroupKey;

export function EmojiPanel({ onPick, onBackspace }: EmojiPanelProps) {
  const { t } = useTranslation();
  // useTranslation re-renders on a language change, so the keywords follow the language.
  const catalog = useEmojiCatalog(currentLanguage());
  const [recent, setRecent] = useState(recentEmoji);
  const [tab, setTab] = useState<Tab>(() => (recentEmoji().length > 0 ? 'recent' : 'smileys'));
  const [query, setQuery] = useState('');
  const [tone, setTone] = useState(skinTone);
  const results = useMemo(() => (catalog && query.trim() ? searchEmoji(catalog, query) : null), [catalog, query]);

  const pick = (emoji: string) => {
    setRecent(rememberEmoji(emoji));
    onPick(emoji);
  };
  const chooseTone = (next: number) => {
    setSkinTone(next);
    setTone(next);
  };
  const shown: (EmojiEntry | string)[] | null = results ?? (tab === 'recent' ? recent : (catalog?.[tab] ?? null));
  const gridLabel = results ? t('chat.emoji.results') : t(`chat.emoji.${tab}`);

  return (
    <div className="flex h-[300px] flex-col border-t border-black/5 bg-[#f5f5f5]">
      <div className="flex shrink-0 items-center gap-2 px-2 pt-2">
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t('chat.emoji.search')}
          placeholder={t('chat.emoji.search')}
          className="h-8 min-w-0 flex-1 rounded-md bg-white px-2.5 text-[15px] text-neutral-900 placeholder:text-[#767676] outline-none focus-visible:ring-2 focus-visible:ring-brand/50"
        />
        <SkinTonePicker tone={tone} onChange={chooseTone} />
      </div>
      {shown === null && (
        <p role="status" className="flex flex-1 items-center justify-center text-[14px] text-[#666]">
          {t('common.loading')}
        </p>
      )}
      {shown !== null && (
        <EmojiGrid
          label={gridLabel}
          items={shown}
          tone={tone}
          onPick={pick}
          empty={results ? t('chat.emoji.noResults') : t('chat.emoji.noRecent')}
        />
      )}
      <div className="flex h-11 shrink-0 items-center border-t border-black/5 bg-white">
        {/* Ten tabs share what backspace leaves (32-44 px each: all fit at 390 px); narrower
            still, the bar scrolls rather than pushing backspace off or clipping an icon. */}
        <div role="tablist" aria-label={t('chat.emoji.categories')} className="flex min-w-0 flex-1 overflow-x-auto">
          {[{ key: 'recent' as const, icon: '🕘' }, ...EMOJI_GROUPS].map((g) => (
            <button
              key={g.key}
              type="button"
              role="tab"
              aria-selected={!results && g.key === tab}
              aria-label={t(`chat.emoji.${g.key}`)}
              onClick={() => {
                setTab(g.key);
                setQuery('');
              }}
              className={`h-11 max-w-11 min-w-8 flex-1 shrink-0 font-emoji text-[20px] ${!results && g.key === tab ? 'bg-[#e6e6e6]' : ''}`}
            >
              {g.icon}
            </button>
          ))}
        </div>
        {onBackspace && (
          <button
            type="button"
            onClick={onBackspace}
            aria-label={t('chat.emoji.backspace')}
            className="flex h-11 w-14 items-center justify-center text-neutral-600 active:bg-neutral-100"
          >
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinejoin="round"
              aria-hidden="true"
            >
              <path d="M9 5h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-6-7z" />
              <path d="m11.5 9.5 5 5m0-5-5 5" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}

/** The catalog in the reader's language, or null while it loads (a failed load leaves the panel saying so until reopened). */
function useEmojiCatalog(language: Language): EmojiCatalog | null {
  const [catalog, setCatalog] = useState<EmojiCatalog | null>(null);
  useEffect(() => {
    let live = true;
    loadEmojiCatalog(language).then(
      (next) => live && setCatalog(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [language]);
  return catalog;
}
