// One message in the thread: avatar, (in groups) the sender's name, a "Forwarded" line for a
// forwarded copy, the bubble with its time (and for own messages its delivery state) in a corner,
// and the quote. Long press or right-click opens the menu. Own and received bubbles share one
// maximum width: nothing beside a bubble takes width from it (the failed "!" and the upload ring
// sit in the margin outside).
import { memo } from 'react';

import { Avatar } from '@web/components/ui/avatar';
import { useTranslation } from '@web/lib/i18n';
import { shownName } from '@web/lib/person-name';

import { useLongPress } from '../../hooks/use-long-press';
import { chatStore } from '../../state/chat-store';
import type { ChatMessage } from '../../types';
import { systemLineOf } from '../../utils/group-event-text';
import { GroupEventNotice } from './group-event-notice';
import { MessageContent, metaPlacement } from './message-content';
import { isAnnouncement, isForwarded, isRecalled } from './message-display-rules';
import { MessageMeta } from './message-meta';
import { MessageStatus } from './message-status';
import { QuoteBlock, quoteOf } from './quote-block';
import { ReactionChips } from './reaction-chips';
import { RecallNotice } from './recall-notice';
import type { BubbleMentions } from './text-bubble';

export interface MessageRowProps {
  message: ChatMessage;
  mine: boolean;
  isGroup: boolean;
  read: boolean;
  /** Text this device can put back into the composer, for its own recalled message. */
  recallDraft: string | null;
  onMenu: (message: ChatMessage, target: HTMLElement) => void;
  onFailedTap: (message: ChatMessage) => void;
  onReedit: (text: string) => void;
  /** Toggles my reaction on a message. */
  onReact?: (message: ChatMessage, emoji: string) => void;
  /** The quote under a message was tapped: show the quoted message. */
  onQuoteTap?: (msgId: number) => void;
  /** My user id: a group's system line says "You" for me. */
  me?: number;
  /** Someone else's avatar was tapped (a group that lets me open members' cards). */
  onAvatarTap?: (userId: number) => void;
  /** In a group: the name I see a member by there (my remark, their group nickname); undefined keeps the sender's own. */
  nameOf?: (userId: number) => string | undefined;
}

export const MessageRow = memo(function MessageRow(props: MessageRowProps) {
  const { message, mine, isGroup, read, recallDraft, onMenu, onFailedTap, onReedit, onQuoteTap, onAvatarTap } = props;
  const { t } = useTranslation();
  const press = useLongPress((target) => onMenu(message, target));
  const sender = {
    ...message.fromUser,
    displayName: shownName(props.nameOf?.(message.from_user) || message.fromUser.displayName),
  };
  const line = message.type === 'event' && !message.is_undo ? systemLineOf(message.extends) : null;
  if (line) return <GroupEventNotice line={line} me={props.me ?? 0} />;
  if (isRecalled(message)) {
    return (
      <RecallNotice
        mine={mine}
        name={sender.displayName}
        moderated={message.extends?.moderated === 1}
        draft={recallDraft}
        onReedit={onReedit}
      />
    );
  }
  const quote = message.type === 'text' ? quoteOf(message.extends) : null;
  const placement = metaPlacement(message);
  const meta = <MessageMeta message={message} mine={mine} placement={placement} showReceipt={!isGroup} read={read} />;
  return (
    <div
      data-msg-id={message.msg_id || undefined}
      className={`flex items-start gap-2.5 px-3 py-2 ${mine ? 'flex-row-reverse' : ''}`}
    >
      {onAvatarTap && !mine ? (
        <button
          type="button"
          onClick={() => onAvatarTap(message.from_user)}
          aria-label={t('groups.members.openCard', { name: sender.displayName })}
          className="shrink-0 rounded-md"
        >
          <Avatar name={sender.displayName || '?'} src={sender.avatar || undefined} size={40} />
        </button>
      ) : (
        <Avatar name={sender.displayName || '?'} src={sender.avatar || undefined} size={40} />
      )}
      <div className={`flex min-w-0 max-w-[72%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
        {isGroup && !mine && (
          <span className="mb-1 max-w-full truncate text-[12px] text-[#666]">{sender.displayName}</span>
        )}
        {isForwarded(message) && <BubbleLabel kind="forwarded" text={t('chat.forwarded')} />}
        {isAnnouncement(message) && <BubbleLabel kind="announcement" text={t('groups.info.notice')} />}
        {/* A tab stop of its own, so the keyboard opens the menu too: Enter or Space on the bubble itself (the context-menu key and Shift+F10 arrive as contextmenu). */}
        <div
          tabIndex={0}
          className="relative max-w-full rounded-[6px] outline-none select-none focus-visible:ring-2 focus-visible:ring-brand [-webkit-touch-callout:none]"
          {...press.handlers}
          onKeyDown={(e) => {
            if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
            e.preventDefault();
            onMenu(message, e.currentTarget);
          }}
        >
          <div data-testid="bubble" className="min-w-0">
            <MessageContent
              message={message}
              mine={mine}
              mentions={isGroup ? mentionsOf(message, props, t('groups.mention.all')) : undefined}
            />
          </div>
          {placement !== 'under' && meta}
          {mine && (
            <div className="absolute top-1/2 right-full mr-2 -translate-y-1/2">
              <MessageStatus message={message} onFailedTap={onFailedTap} />
            </div>
          )}
        </div>
        {placement === 'under' && meta}
        {quote && (
          <QuoteBlock quote={quote} onOpen={onQuoteTap && quote.msg_id ? () => onQuoteTap(quote.msg_id) : undefined} />
        )}
        {message.reactions && message.reactions.length > 0 && props.onReact && (
          <ReactionChips
            reactions={message.reactions}
            me={props.me ?? 0}
            mine={mine}
            nameOf={(id) => shownName(props.nameOf?.(id) || chatStore.contact(String(id))?.displayName)}
            onToggle={(emoji) => props.onReact!(message, emoji)}
          />
        )}
      </div>
    </div>
  );
});

/** The people a group text mentions (`extends.at`), by the names I see them by; none when none. */
function mentionsOf(message: ChatMessage, props: MessageRowProps, everyone: string): BubbleMentions | undefined {
  const at = message.extends?.at;
  if (message.type !== 'text' || !Array.isArray(at) || at.length === 0) return undefined;
  const targets = at
    .filter((id): id is number => typeof id === 'number')
    .map((id) => ({ id, name: id === 0 ? everyone : (props.nameOf?.(id) ?? '') }));
  return { targets, me: props.me ?? 0, onTap: props.onAvatarTap };
}

/** A line over a bubble: "Forwarded" (an arrow, grey italic) or a group's "Announcement" (a megaphone, green). */
const LABELS = {
  forwarded: {
    className: 'text-[#666] italic',
    icon: (
      <>
        <path d="M9.5 3.5 13 7l-3.5 3.5" />
        <path d="M13 7H7a4 4 0 0 0-4 4v1.5" />
      </>
    ),
  },
  announcement: {
    className: 'font-medium text-brand-dark',
    icon: (
      <>
        <path d="M2.5 6.5v3h2l5 3v-9l-5 3h-2Z" />
        <path d="M12 6a2.5 2.5 0 0 1 0 4" />
      </>
    ),
  },
};

function BubbleLabel({ kind, text }: { kind: keyof typeof LABELS; text: string }) {
  const { className, icon } = LABELS[kind];
  return (
    <span className={`mb-0.5 flex items-center gap-1 text-[12px] ${className}`}>
      <svg
        viewBox="0 0 16 16"
        width="12"
        height="12"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {icon}
      </svg>
      {text}
    </span>
  );
}
