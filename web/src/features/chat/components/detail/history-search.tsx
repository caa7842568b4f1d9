// "Search chat history" inside the chat detail: a box, type tabs (all, text, images, videos,
// files) and the matches newest first; tapping one opens the chat at that message.
import { useState } from 'react';

import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { HistoryResult } from './history-result';
import { HISTORY_TYPES, type HistoryType, useHistorySearch } from './use-history-search';

interface HistorySearchProps {
  contactKey: string;
  onOpenChat: (message: ChatMessage) => void;
}

export function HistorySearch({ contactKey, onOpenChat }: HistorySearchProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<HistoryType>('all');
  const search = useHistorySearch(contactKey, query, type);
  const now = new Date();
  return (
    <div className="bg-white">
      <div className="sticky top-11 z-[5] bg-page">
        <div className="flex px-3 py-2">
          <SearchInput value={query} onChange={setQuery} placeholder={t('chatDetail.searchPlaceholder')} autoFocus />
        </div>
        <div role="tablist" className="flex border-b border-black/5 bg-white">
          {HISTORY_TYPES.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={type === name}
              onClick={() => setType(name)}
              className={`flex-1 border-b-2 py-2.5 text-[14px] ${type === name ? 'border-brand text-brand-dark' : 'border-transparent text-neutral-600'}`}
            >
              {t(`chatDetail.types.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <ul aria-label={t('chatDetail.searchHistory')}>
        {search.messages.map((m) => (
          <HistoryResult key={m.id} message={m} query={search.keywords} now={now} onOpen={() => onOpenChat(m)} />
        ))}
      </ul>
      {search.loading && (
        <p role="status" className="py-6 text-center text-[13px] text-neutral-400">
          {t('common.loading')}
        </p>
      )}
      {!search.loading && !search.messages.length && (
        <p className="py-16 text-center text-[14px] text-neutral-400">{t('chatDetail.noHistory')}</p>
      )}
      {search.hasMore && (
        <button
          type="button"
          onClick={search.loadMore}
          disabled={search.loadingMore}
          className="block w-full py-4 text-[14px] text-[#576b95]"
        >
          {t(search.loadingMore ? 'common.loading' : 'chatDetail.loadMore')}
        </button>
      )}
    </div>
  );
}
