// One conversation in the chat list: avatar (with an online dot for single chats when the
// server shows presence), name, time, one-line preview (or who is typing), unread badge and the muted bell.
import { memo } from 'react';

import { Badge } from '@web/components/ui/badge';
import { useTranslation } from '@web/lib/i18n';
import { formatChatListTime } from '@web/utils/chat-list-time';

import { useLongPress } from '../../hooks/use-long-press';
import { chatStore } from '../../state/chat-store';
import { type Contact, keyOf } from '../../types';
import { typingText, useTypingIn } from '../../typing';
import { ChatAvatar } from '../chat-avatar';
import { MutedIcon } from './list-icons';

interface ChatRowProps {
  contact: Contact;
  preview: string;
  /** The chat open beside the list (wide layout). */
  selected?: boolean;
  showOnline: boolean;
  now: Date;
  onOpen: (contact: Contact) => void;
  onActions: (contact: Contact) => void;
}

export const ChatRow = memo(function ChatRow({
  contact,
  preview,
  selected = false,
  showOnline,
  now,
  onOpen,
  onActions,
}: ChatRowProps) {
  const { t } = useTranslation();
  const press = useLongPress(() => onActions(contact), 600);
  const muted = !contact.is_notice;
  // Someone typing takes the preview's place while it lasts.
  const typingIds = useTypingIn(keyOf(contact.id));
  const nameOf = (id: number) => chatStore.contact(String(id))?.displayName;
  const typing = typingText(typingIds, Boolean(contact.is_group), nameOf, t);
  const open = () => {
    if (!press.consumeFired()) onOpen(contact);
  };
  return (
    <li
      className={
        selected
          ? 'bg-[#ededed] shadow-[inset_3px_0_0_var(--color-brand)]'
          : contact.is_top
            ? 'bg-[#f2f2f2]'
            : 'bg-white'
      }
    >
      <button
        type="button"
        onClick={open}
        {...press.handlers}
        data-pinned={contact.is_top ? 'true' : undefined}
        aria-current={selected ? 'true' : undefined}
        className="flex w-full items-center gap-3 px-4 py-3 text-left select-none [-webkit-touch-callout:none] active:bg-black/5"
      >
        <span className="relative shrink-0">
          <ChatAvatar contact={contact} size={48} />
          {showOnline && !contact.is_group && contact.is_online === 1 && (
            <span
              aria-label={t('chatList.online')}
              className="absolute -right-0.5 -bottom-0.5 h-3 w-3 rounded-full border-2 border-white bg-brand"
            />
          )}
          <span className="absolute -top-1.5 -right-1.5">
            <Badge
              count={contact.unread}
              muted={muted}
              dot={muted}
              label={t('chatList.unread', { count: contact.unread })}
            />
          </span>
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1 border-black/5">
          <span className="flex items-baseline gap-2">
            <span className="min-w-0 flex-1 truncate text-[16px] text-neutral-900">{contact.displayName}</span>
            {contact.is_top ? <span className="sr-only">{t('chatList.pinned')}</span> : null}
            <span className="shrink-0 text-[12px] text-neutral-400">
              {contact.lastSendTime > 0 && formatChatListTime(new Date(contact.lastSendTime), now, t)}
            </span>
          </span>
          <span className="flex items-center gap-2">
            {typing ? (
              <span className="min-w-0 flex-1 truncate text-[14px] text-brand-dark">{typing}</span>
            ) : (
              <span className="min-w-0 flex-1 truncate text-[14px] text-neutral-400">
                {contact.atMe && <span className="text-danger">{t('groups.mention.atMe')}</span>}
                {muted && contact.unread > 1 && t('chatList.mutedCount', { count: contact.unread })}
                {preview}
              </span>
            )}
            {muted && (
              <span className="shrink-0 text-neutral-300" aria-label={t('chatList.muted')}>
                <MutedIcon />
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
});
