// My group chats (the original's /pages/contacts/group): the chat list's group rows by name, each
// opening its chat, and "Create group" when the server allows groups (chatInfo.groupChat).
import { useMemo } from 'react';

import { Link } from '@web/components/ui/link';
import { useTranslation } from '@web/lib/i18n';

import { ChatAvatar, chatPath, keyOf, useChatState } from '../../chat';
import { createGroupPath } from '../paths';

export function GroupChats({ canCreate }: { canCreate: boolean }) {
  const { t } = useTranslation();
  const contacts = useChatState((s) => s.contacts);
  const loaded = useChatState((s) => s.contactsLoaded);
  const groups = useMemo(
    () =>
      contacts
        .filter((c) => c.is_group === 1 && !c.removed && !c.gone)
        .sort((a, b) => a.displayName.localeCompare(b.displayName)),
    [contacts],
  );
  return (
    <div className="pb-8">
      {canCreate && (
        <Link
          to={createGroupPath()}
          className="mt-3 flex min-h-14 items-center gap-3 border-y border-neutral-100 bg-white px-4 text-[16px] text-brand-dark active:bg-neutral-100"
        >
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-md bg-brand-dark text-[22px] text-white"
          >
            +
          </span>
          {t('groups.list.create')}
        </Link>
      )}
      <h2 className="px-4 pt-4 pb-1 text-[13px] text-neutral-600">
        {t('groups.list.title', { count: groups.length })}
      </h2>
      {!loaded && (
        <p role="status" className="py-10 text-center text-[14px] text-neutral-500">
          {t('common.loading')}
        </p>
      )}
      {loaded && groups.length === 0 && (
        <p className="px-10 py-10 text-center text-[14px] text-neutral-600">{t('groups.list.empty')}</p>
      )}
      <ul className="divide-y divide-neutral-100 border-y border-neutral-100 bg-white">
        {groups.map((g) => (
          <li key={keyOf(g.id)}>
            <Link
              to={chatPath(keyOf(g.id))}
              className="flex min-h-16 items-center gap-3 px-4 py-2 active:bg-neutral-100"
            >
              <ChatAvatar contact={g} size={44} />
              <span className="min-w-0 flex-1 truncate text-[16px] text-neutral-900">{g.displayName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
