// The chat list: visible conversations (pinned first, then newest), each row opening the chat
// on tap and the action sheet on long press (closed by a choice, a tap outside, a scroll or
// Back); an empty state pointing to the contacts.
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';

import { Link } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { useChatConfig } from '../../config/chat-config';
import { useChatState } from '../../hooks/use-chat';
import { useMinuteClock } from '../../hooks/use-minute-clock';
import { visibleChats } from '../../state/thread-ops';
import { chatPath, type Contact, keyOf } from '../../types';
import { ChatActionsSheet } from './chat-actions-sheet';
import { chatPreview } from './chat-preview';
import { ChatRow } from './chat-row';
import { EmptyChatsIcon } from './list-icons';
import { useSheetStep } from './use-sheet-step';

/** selectedKey: the chat open beside the list (the wide layout), marked as the current row. */
export function ChatList({ selectedKey }: { selectedKey?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contacts = useChatState((s) => s.contacts);
  const loaded = useChatState((s) => s.contactsLoaded);
  const me = useChatState((s) => s.me);
  const { subject: acting, open: openActions, close } = useSheetStep<Contact>();
  const now = useMinuteClock();
  const chats = useMemo(() => visibleChats(contacts), [contacts]);
  const names = useMemo(() => new Map(contacts.map((c) => [keyOf(c.id), c.displayName])), [contacts]);
  // Spec: chatInfo.online only decides whether the dot is shown; without a
  // connection (this device offline) nobody's presence is known.
  const connected = useChatState((s) => s.socket !== 'failed');
  const showOnline = useChatConfig().showOnline && connected;

  // A chat that mentions me opens at the mention (the list's "[@ me]").
  const open = useCallback(
    (c: Contact) => void navigate(chatPath(keyOf(c.id), c.atMe ? c.at_msg_id : undefined)),
    [navigate],
  );

  if (!chats.length) {
    if (!loaded) return <p className="py-16 text-center text-[14px] text-neutral-400">{t('common.loading')}</p>;
    return (
      <div className="flex flex-col items-center px-10 pt-24 text-center">
        <EmptyChatsIcon />
        <p className="mt-5 text-[17px] font-medium text-neutral-700">{t('chatList.emptyTitle')}</p>
        <p className="mt-2 text-[14px] leading-relaxed text-neutral-400">{t('chatList.emptyHint')}</p>
        <Link
          to={PATHS.contacts}
          className="mt-6 rounded-md bg-brand-dark px-6 py-2.5 text-[15px] text-white active:bg-brand-darker"
        >
          {t('chatList.emptyAction')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('route.home')} className="divide-y divide-black/5">
        {chats.map((c) => (
          <ChatRow
            key={keyOf(c.id)}
            contact={c}
            selected={keyOf(c.id) === selectedKey}
            now={now}
            showOnline={showOnline}
            onOpen={open}
            onActions={openActions}
            preview={chatPreview(c, { me, t, nameOf: (id) => names.get(keyOf(id)) })}
          />
        ))}
      </ul>
      {acting && (
        <ChatActionsSheet contact={chats.find((c) => keyOf(c.id) === keyOf(acting.id)) ?? acting} onClose={close} />
      )}
    </>
  );
}
