// The chat detail page: who the chat is with, pin and mute switches, the history
// search, and deleting the chat from the list. The screen may add a group's sections (this feature
// knows nothing of groups): an overview under the card and settings after the switches.
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

import { showDialog } from '@web/components/ui/dialog';
import { ChevronIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { ListGroup, ListRow } from '@web/components/ui/list-row';
import { Switch } from '@web/components/ui/switch';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { useChatState } from '../../hooks/use-chat';
import { chatStore } from '../../state/chat-store';
import { chatDetailPath, chatPath, keyOf } from '../../types';
import { ChatAvatar } from '../chat-avatar';
import { HistorySearch } from './history-search';

interface ChatDetailViewProps {
  contactKey: string;
  searching: boolean;
  /** Shown under the card (a group's members and announcement beside the chat on a wide screen). */
  overview?: ReactNode;
  /** Shown after the pin and mute switches (the group's rows I may use). */
  settings?: ReactNode;
}

export function ChatDetailView({ contactKey, searching, overview, settings }: ChatDetailViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contact = useChatState((s) => s.contacts.find((c) => keyOf(c.id) === contactKey));
  const loaded = useChatState((s) => s.contactsLoaded);
  const ignore = () => undefined;

  if (!contact)
    return (
      <p className="py-16 text-center text-[14px] text-neutral-400">
        {t(loaded ? 'chatDetail.notFound' : 'common.loading')}
      </p>
    );
  if (searching)
    return (
      <HistorySearch
        contactKey={contactKey}
        onOpenChat={(m) => void navigate(chatPath(contactKey, m.msg_id), { replace: true })}
      />
    );

  const remove = async () => {
    if (!(await showDialog(t('chatList.deleteConfirm'), { showCancel: true }))) return;
    await chatStore.removeChat(contactKey).then(() => navigate(PATHS.home, { replace: true }), ignore);
  };

  // A group I am out of: the server answers nothing more about it (its page, history, pin, mute),
  // so only deleting the chat is offered.
  if (contact.is_group && contact.gone) {
    return (
      <div className="pb-8">
        <section className="mt-3 bg-white">
          <PersonLink to={null}>
            <ChatAvatar contact={contact} size={56} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-[17px] font-medium text-neutral-900">{contact.displayName}</p>
              <p role="status" className="mt-1 text-[13px] text-neutral-500">
                {t(`groups.goneNotice.${contact.gone}`)}
              </p>
            </div>
          </PersonLink>
        </section>
        <DeleteChat onDelete={() => void remove()} />
      </div>
    );
  }

  return (
    <div className="pb-8">
      <section className="mt-3 bg-white">
        {/* A person's card opens their page (contacts feature: /pages/contacts/detail); a group's, the group's page. */}
        <PersonLink
          to={
            contact.is_group
              ? `${PATHS.groupInfo}?id=${encodeURIComponent(contactKey)}`
              : `${PATHS.contactDetail}?id=${encodeURIComponent(String(contact.id))}`
          }
        >
          <ChatAvatar contact={contact} size={56} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-[17px] font-medium text-neutral-900">{contact.displayName}</p>
            {/* A group's "account" on the wire is its chat key: nothing a person should read. */}
            {!contact.is_group && contact.account && (
              <p className="mt-1 truncate text-[13px] text-neutral-400">
                {t('chatDetail.account', { account: contact.account })}
              </p>
            )}
          </div>
        </PersonLink>
      </section>
      {overview}
      <ListGroup>
        <button
          type="button"
          onClick={() => void navigate(chatDetailPath(contactKey, true))}
          className="flex min-h-14 w-full items-center bg-white px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100"
        >
          <span className="flex-1">{t('chatDetail.searchHistory')}</span>
          <ChevronIcon />
        </button>
      </ListGroup>
      <ListGroup>
        <ListRow
          label={t('chatDetail.pin')}
          trailing={
            <Switch
              label={t('chatDetail.pin')}
              checked={!!contact.is_top}
              onChange={(on) => void chatStore.pinChat(contactKey, on).catch(ignore)}
            />
          }
        />
        <ListRow
          label={t('chatDetail.mute')}
          trailing={
            <Switch
              label={t('chatDetail.mute')}
              checked={!contact.is_notice}
              onChange={(on) => void chatStore.muteChat(contactKey, on).catch(ignore)}
            />
          }
        />
      </ListGroup>
      {settings}
      <DeleteChat onDelete={() => void remove()} />
    </div>
  );
}

function DeleteChat({ onDelete }: { onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-3 border-y border-neutral-100">
      <button
        type="button"
        onClick={onDelete}
        className="block h-14 w-full bg-white text-[16px] text-danger active:bg-neutral-100"
      >
        {t('chatDetail.delete')}
      </button>
    </div>
  );
}

function PersonLink({ to, children }: { to: string | null; children: React.ReactNode }) {
  const row = 'flex items-center gap-4 px-4 py-4';
  if (!to) return <div className={row}>{children}</div>;
  return (
    <Link to={to} className={`${row} active:bg-neutral-100`}>
      {children}
      <ChevronIcon />
    </Link>
  );
}
