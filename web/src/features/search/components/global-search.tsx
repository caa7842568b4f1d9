// The search page: one box, people matched locally at once, messages from the recent chats'
// history after a short pause. Tapping either opens the chat.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { SearchInput } from '@web/components/ui/search-input';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';
import { matchesAny } from '@web/utils/fold-text';

import { chatPath, useChatState } from '../../chat';
import { contactDetailPath, ContactResults } from '../../contacts';
import { useMessageSearch } from '../hooks/use-message-search';
import { MessageResults } from './message-results';

export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const contacts = useChatState((s) => s.contacts);
  const [query, setQuery] = useState('');
  const people = useMemo(
    () => contacts.filter((c) => matchesAny(query, [c.displayName, c.account])),
    [contacts, query],
  );
  const { keywords, hits, searching } = useMessageSearch(query, contacts);
  const open = (key: string, msgId?: number) => void navigate(chatPath(key, msgId));
  const typed = query.trim() !== '';

  return (
    <>
      <div className="sticky top-0 z-10 flex items-center gap-2 bg-page py-2 pl-3">
        <SearchInput value={query} onChange={setQuery} placeholder={t('search.placeholder')} autoFocus />
        <button
          type="button"
          onClick={() => void (location.key === 'default' ? navigate(PATHS.home) : navigate(-1))}
          className="px-3 text-[16px] text-[#576b95]"
        >
          {t('common.cancel')}
        </button>
      </div>
      {!typed && (
        <p className="px-10 pt-16 text-center text-[14px] leading-relaxed text-neutral-400">{t('search.hint')}</p>
      )}
      {typed && people.length > 0 && (
        <ContactResults people={people} query={query} onOpen={(p) => void navigate(contactDetailPath(p.id))} />
      )}
      {typed && hits.length > 0 && <MessageResults hits={hits} query={keywords} onOpen={open} />}
      {typed && searching && (
        <p role="status" className="py-4 text-center text-[13px] text-neutral-400">
          {t('search.searching')}
        </p>
      )}
      {typed && !searching && !people.length && !hits.length && (
        <p className="px-10 pt-16 text-center text-[14px] text-neutral-400">
          {t('search.noResults', { keywords: query.trim() })}
        </p>
      )}
    </>
  );
}
