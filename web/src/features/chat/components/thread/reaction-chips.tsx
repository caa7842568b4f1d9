// Reactions under a bubble (issue 26): a chip per emoji with its count, mine marked (aria-pressed);
// a tap toggles my reaction, a long press (or "Who reacted" by keyboard) says who reacted, by name.
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
  const who = () =>
    void showDialog(
      reactions
        .map(
          (r) => `${r.emoji} ${r.user_ids.map((id) => (id === me ? t('chat.reaction.you') : nameOf(id))).join(', ')}`,
        )
        .join('\n'),
    );
  const press = useLongPress(who, 500);
  return (
    <div className={`mt-1 flex flex-wrap items-center gap-1 ${mine ? 'justify-end' : ''}`} {...press.handlers}>
      {reactions.map((r) => {
        const reacted = r.user_ids.includes(me);
        const label = t(reacted ? 'chat.reaction.chipMine' : 'chat.reaction.chip', {
          emoji: r.emoji,
          count: r.user_ids.length,
        });
        return (
          <button
            key={r.emoji}
            type="button"
            aria-pressed={reacted}
            aria-label={label}
            onClick={() => {
              if (!press.consumeFired()) onToggle(r.emoji);
            }}
            className={`flex h-7 items-center gap-1 rounded-full border px-2 text-[13px] tabular-nums ${reacted ? 'border-brand bg-brand/10 text-brand-dark' : 'border-black/10 bg-white text-neutral-700'}`}
          >
            <span aria-hidden="true">{r.emoji}</span>
            <span aria-hidden="true">{r.user_ids.length}</span>
          </button>
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
