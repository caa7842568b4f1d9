// The thread as a virtualized list: only rows near the screen are in the DOM, each measured
// after render so bubbles of any height line up. Scrolling rules live in useThreadScroll.
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { useMinuteClock } from '../../hooks/use-minute-clock';
import type { ChatMessage, Thread } from '../../types';
import { buildRows } from './build-rows';
import { isReadByPeer } from './message-display-rules';
import { MessageRow, type MessageRowProps } from './message-row';
import { recallDrafts } from './recall-drafts';
import { TimeSeparator } from './time-separator';
import { useThreadScroll } from './use-thread-scroll';

type RowHandlers = Pick<MessageRowProps, 'onMenu' | 'onFailedTap' | 'onReedit' | 'onAvatarTap' | 'nameOf' | 'onReact'>;

interface MessageListProps extends RowHandlers {
  thread: Thread;
  me: number;
  isGroup: boolean;
  redoSeconds: number;
  loadOlder: () => Promise<void>;
  /** Open at this message (msg_id) rather than at the newest, and mark it for a moment. */
  focusId?: number;
}

export function MessageList({ thread, me, isGroup, redoSeconds, loadOlder, focusId, ...handlers }: MessageListProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => buildRows(thread.messages), [thread.messages]);
  const scroller = useRef<HTMLDivElement>(null);
  // Relative times ("just now", "3 minutes ago") move on while the chat stays open.
  const now = useMinuteClock().getTime();
  // The first page arrives with the scroller at the top, and useThreadScroll then moves it to the
  // newest: that first render draws the newest rows, not the oldest ones nobody would see, so the
  // thread appears in one pass rather than after a second one on the scroll (one long task less).
  const shown = useRef(false);
  useLayoutEffect(() => {
    if (rows.length > 0) shown.current = true;
  }, [rows.length]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === 'time' ? 38 : 64),
    getItemKey: (i) => rows[i]!.key,
    overscan: 8,
    paddingStart: 8,
    paddingEnd: 12,
    rangeExtractor: (range) => (shown.current || focusId ? defaultRangeExtractor(range) : newestRows(range)),
  });
  const totalSize = virtualizer.getTotalSize();
  const scroll = useThreadScroll({
    scroller,
    rows,
    totalSize,
    me,
    loaded: thread.loaded,
    canLoadOlder: thread.loaded && thread.hasMore,
    loadOlder,
    scrollToRow: (index) => virtualizer.scrollToIndex(index, { align: 'center' }),
    openAt: focusId,
  });

  const renderMessage = (message: ChatMessage) => {
    const mine = message.fromUser.id === me;
    return (
      <MessageRow
        message={message}
        mine={mine}
        isGroup={isGroup}
        me={me}
        read={mine && isReadByPeer(message, thread.peerReadSeq)}
        recallDraft={mine && message.is_undo ? recallDrafts.get(message.id, redoSeconds, now) : null}
        onQuoteTap={scroll.seek}
        {...handlers}
      />
    );
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={scroll.onScroll}
        data-testid="thread"
        className="h-full overflow-y-auto overscroll-contain [overflow-anchor:none]"
      >
        <div className="relative w-full" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const focused = scroll.focusedKey === row.key;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                data-focused={focused || undefined}
                className={`absolute top-0 left-0 w-full transition-colors duration-700 ${focused ? 'bg-[#fdf1c4]' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'time' ? <TimeSeparator sendTime={row.sendTime} now={now} /> : renderMessage(row.message)}
              </div>
            );
          })}
        </div>
      </div>
      {scroll.loadingOlder && (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="absolute top-2 left-1/2 size-5 -translate-x-1/2 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-500"
        />
      )}
      {scroll.unseen && (
        <button
          type="button"
          onClick={scroll.jumpToBottom}
          className="absolute right-3 bottom-3 rounded-full bg-white px-3.5 py-1.5 text-[13px] text-brand-dark shadow-md active:bg-neutral-100"
        >
          {t('chat.newMessages')} ↓
        </button>
      )}
      {!scroll.unseen && scroll.away && (
        <button
          type="button"
          onClick={scroll.jumpToBottom}
          aria-label={t('chat.toLatest')}
          className="absolute right-3 bottom-3 flex size-10 items-center justify-center rounded-full bg-white text-neutral-600 shadow-md active:bg-neutral-100"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      )}
    </div>
  );
}

/** As many rows as the range would show, and its overscan, counted back from the newest. */
function newestRows(range: Range): number[] {
  const size = range.endIndex - range.startIndex + 1 + range.overscan;
  const from = Math.max(0, range.count - size);
  return Array.from({ length: range.count - from }, (_, i) => from + i);
}
