// A message's time of day (HH:mm), "edited" before it when its sender changed it, and,
// on own messages, how far it got: a small spinner while
// sending, one grey tick once the server has it ("Unread"), two blue ticks once read. Drawn in the
// text or call bubble's corner, over a photo's corner, or under other bubbles; screen readers hear the
// time and the state as words.
import { useTranslation } from '@web/lib/i18n';
import { pad2 } from '@web/utils/calendar';

import type { ChatMessage } from '../../types';

export type MetaPlacement = 'inside' | 'overlay' | 'under';

/** The time of day a message was sent, as the bubble shows it: 24-hour HH:mm, local time. */
export function timeOfDay(sendTime: number): string {
  const date = new Date(sendTime);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

// Each colour keeps 4.5:1 or more against what it is drawn on (own bubble #95ec69, white bubble,
// the thread's #ededed, the dark chip over a photo).
const PLACEMENT_CLASS: Record<MetaPlacement, { own: string; other: string }> = {
  inside: { own: 'absolute right-2 bottom-1 text-[#3b6329]', other: 'absolute right-2 bottom-1 text-[#666]' },
  overlay: {
    own: 'absolute right-1.5 bottom-1.5 rounded-full bg-black/60 px-1.5 text-white',
    other: 'absolute right-1.5 bottom-1.5 rounded-full bg-black/60 px-1.5 text-white',
  },
  under: { own: 'mt-0.5 self-end text-[#666]', other: 'mt-0.5 self-start text-[#666]' },
};

interface MessageMetaProps {
  message: ChatMessage;
  mine: boolean;
  placement: MetaPlacement;
  /** Whether read receipts apply (single chats) and whether the peer has read it. */
  showReceipt: boolean;
  read: boolean;
}

export function MessageMeta({ message, mine, placement, showReceipt, read }: MessageMetaProps) {
  const { t } = useTranslation();
  const tone = PLACEMENT_CLASS[placement][mine ? 'own' : 'other'];
  return (
    <span
      className={`pointer-events-none flex h-4 items-center gap-0.5 text-[11px] leading-4 whitespace-nowrap tabular-nums ${tone}`}
    >
      {Number(message.extends?.edited ?? 0) > 0 && <span className="mr-1">{t('chat.edited')}</span>}
      <time dateTime={new Date(message.sendTime).toISOString()}>{timeOfDay(message.sendTime)}</time>
      {mine && message.status === 'going' && message.progress === undefined && (
        <span
          role="status"
          aria-label={t('chat.status.sending')}
          className="ml-0.5 size-3 animate-spin rounded-full border-[1.5px] border-current border-t-transparent"
        />
      )}
      {mine && message.status === 'succeed' && showReceipt && (
        <ReadTicks
          read={read}
          label={t(read ? 'chat.status.read' : 'chat.status.unread')}
          overlay={placement === 'overlay'}
        />
      )}
    </span>
  );
}

/**
 * Empty room at the end of a bubble's last line, under the time drawn in its corner (own messages
 * leave more, for the ticks). Empty, so the bubble reads and copies as written.
 */
export function MetaRoom({ mine, edited = false }: { mine: boolean; edited?: boolean }) {
  const { t } = useTranslation();
  return (
    <span aria-hidden="true" data-meta-room="" className="inline-flex h-3 shrink-0 items-center">
      {/* Room for the "edited" word beside the time, as wide as it is in this language (drawn by
          CSS, so the bubble's text stays the message's own). */}
      {edited && (
        <span data-label={t('chat.edited')} className="invisible pl-2 text-[11px] before:content-[attr(data-label)]" />
      )}
      <span className={`inline-block h-3 ${mine ? 'w-[58px]' : 'w-10'}`} />
    </span>
  );
}

function ReadTicks({ read, label, overlay }: { read: boolean; label: string; overlay: boolean }) {
  const colour = read && !overlay ? 'text-[#175ca8]' : '';
  return (
    <span className={`ml-0.5 flex items-center ${colour}`}>
      <svg
        viewBox="0 0 18 12"
        width="16"
        height="11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {read ? (
          <>
            <path d="m1 6 3 3.5L10.5 2" />
            <path d="m6.5 8.5 1 1L14 2" />
          </>
        ) : (
          <path d="m4 6 3 3.5L13.5 2" />
        )}
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
