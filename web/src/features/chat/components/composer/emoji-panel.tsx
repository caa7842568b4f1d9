// The emoji panel under the composer: a grid for one category at a time and a tab strip with
// a backspace key, so a whole message can be written without the keyboard.
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { CATEGORY_ICON, EMOJI, EMOJI_CATEGORIES, type EmojiCategory } from '../../emoji/emoji-data';

interface EmojiPanelProps {
  onPick: (emoji: string) => void;
  onBackspace: () => void;
}

export function EmojiPanel({ onPick, onBackspace }: EmojiPanelProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<EmojiCategory>('smileys');
  return (
    <div className="flex h-[260px] flex-col border-t border-black/5 bg-[#f5f5f5]">
      <div role="listbox" aria-label={t(`chat.emoji.${category}`)} className="grid flex-1 auto-rows-[44px] grid-cols-8 overflow-y-auto px-2 pt-2">
        {EMOJI[category].map((emoji) => (
          <button key={emoji} type="button" role="option" aria-selected="false" onClick={() => onPick(emoji)}
            className="flex items-center justify-center rounded-md text-[26px] active:bg-black/10">
            {emoji}
          </button>
        ))}
      </div>
      <div className="flex h-11 shrink-0 items-center border-t border-black/5 bg-white">
        <div role="tablist" className="flex flex-1 overflow-x-auto">
          {EMOJI_CATEGORIES.map((c) => (
            <button key={c} type="button" role="tab" aria-selected={c === category} aria-label={t(`chat.emoji.${c}`)} onClick={() => setCategory(c)}
              className={`h-11 w-12 shrink-0 text-[22px] ${c === category ? 'bg-[#f0f0f0]' : ''}`}>
              {CATEGORY_ICON[c]}
            </button>
          ))}
        </div>
        <button type="button" onClick={onBackspace} aria-label={t('chat.emoji.backspace')} className="flex h-11 w-14 items-center justify-center text-neutral-600 active:bg-neutral-100">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" aria-hidden="true">
            <path d="M9 5h10a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-6-7z" /><path d="m11.5 9.5 5 5m0-5-5 5" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </div>
  );
}
