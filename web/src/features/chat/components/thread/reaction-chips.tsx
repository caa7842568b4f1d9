// Reactions under a bubble: a chip per emoji with its count, mine marked (aria-pressed);
// a tap toggles my reaction, a long press (or "Who reacted" by keyboard) lists who reacted, by name,
// one emoji a line; on a desktop, hovering or focusing a chip shows its names (its description).
import { useId, useState } from 'react';

import type { Reactions } from '@protocol/wire';
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';

import { useLongPress } from '../../hooks/use-long-press';

export function ReactionChips({
  reactions,
  me,
  mine,
  nameOf,
  onToggle,
}: {
  reactions: Reactions;
  me: number;
  /** Under my own bubble: the chips line up on the right. */
  mine: boolean;
  nameOf: (userId: number) => string;
  onToggle: (emoji: string) => void;
}) {
  const { t } = useTranslation();
  const tipId = useId();
  // Escape hides a chip's tooltip until the pointer or the focus leaves it (WCAG 1.4.13).
  const [quiet, setQuiet] = useState<string | null>(null);
  const names = (ids: number[]) => ids.map((id) => (id === me ? t('chat.reaction.you') : nameOf(id))).join(', ');
  // One emoji a line under a title: the list stays readable however many reacted.
  const who = () =>
    void showDialog(reactions.map((r) => `${r.emoji} ${names(r.user_ids)}`).join('\n'), {
      title: t('chat.reaction.who'),
    });
  const press = useLongPress(who, 500);
  return (
    <div className={`mt-1 flex flex-wrap items-center gap-1 ${mine ? 'justify-end' : ''}`} {...press.handlers}>
      {reactions.map((r, i) => {
        const reacted = r.user_ids.includes(me);
        const label = t(reacted ? 'chat.reaction.chipMine' : 'chat.reaction.chip', {
          emoji: r.emoji,
          count: r.user_ids.length,
        });
        return (
          <span
            key={r.emoji}
            className="group relative"
            onKeyDown={(e) => {
              if (e.key !== 'Escape' || quiet === r.emoji) return;
              e.stopPropagation();
              setQuiet(r.emoji);
            }}
            onMouseLeave={() => setQuiet(null)}
            onBlur={() => setQuiet(null)}
          >
            <button
              type="button"
              aria-pressed={reacted}
              aria-label={label}
              aria-describedby={`${tipId}-${i}`}
              onClick={() => {
                if (!press.consumeFired()) onToggle(r.emoji);
              }}
              className={`flex h-7 items-center gap-1 rounded-full border px-2 text-[13px] tabular-nums ${reacted ? 'border-brand bg-brand/10 text-brand-dark' : 'border-black/10 bg-white text-neutral-700'}`}
            >
              <span aria-hidden="true">{r.emoji}</span>
              <span aria-hidden="true">{r.user_ids.length}</span>
            </button>
            {/* Who reacted, on a desktop (wide, with a hovering pointer) as the pointer rests on or
                the keyboard reaches the chip; everywhere it describes the chip to a screen reader. */}
            <span
              id={`${tipId}-${i}`}
              role="tooltip"
              className={`pointer-events-none absolute bottom-full z-10 mb-1 hidden w-max max-w-60 rounded bg-neutral-800 px-2 py-1 text-[12px] text-white ${quiet === r.emoji ? '' : 'lg:group-focus-within:block lg:group-hover:block'} ${mine ? 'right-0' : 'left-0'}`}
            >
              {names(r.user_ids)}
            </span>
          </span>
        );
      })}
      <button
        type="button"
        onClick={who}
        className="sr-only focus:not-sr-only focus:text-[12px] focus:text-neutral-700"
      >
        {t('chat.reaction.who')}
      </button>
    </div>
  );
}
