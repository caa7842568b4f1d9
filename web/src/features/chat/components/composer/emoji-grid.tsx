// The emoji panel's grid: one button per emoji, in the chosen skin tone where it has tones.
import type { EmojiEntry } from '../../emoji/emoji-catalog';

interface EmojiGridProps {
  label: string;
  /** Catalog entries, or plain emoji (the recent list, stored as picked). */
  items: (EmojiEntry | string)[];
  tone: number;
  empty: string;
  onPick: (emoji: string) => void;
}

export function EmojiGrid({ label, items, tone, empty, onPick }: EmojiGridProps) {
  if (items.length === 0)
    return <p className="flex flex-1 items-center justify-center px-4 text-center text-[14px] text-[#666]">{empty}</p>;
  return (
    <div
      role="group"
      aria-label={label}
      className="grid flex-1 auto-rows-[44px] grid-cols-8 content-start overflow-y-auto px-2 pt-1"
    >
      {items.map((item) => {
        const emoji = typeof item === 'string' ? item : (tone > 0 && item.skins?.[tone - 1]) || item.emoji;
        return (
          <button
            key={typeof item === 'string' ? item : item.emoji}
            type="button"
            onClick={() => onPick(emoji)}
            aria-label={typeof item === 'string' ? item : item.label}
            className="flex items-center justify-center rounded-md font-emoji text-[26px] active:bg-black/10"
          >
            {emoji}
          </button>
        );
      })}
    </div>
  );
}
