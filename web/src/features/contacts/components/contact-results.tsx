// Search results: the people whose name or account matches, with the words marked.
import { Avatar } from '@web/components/ui/avatar';
import { HighlightText } from '@web/components/ui/highlight-text';
import { useTranslation } from '@web/lib/i18n';

import type { Person } from '../types';

interface ContactResultsProps {
  people: readonly Person[];
  query: string;
  onOpen: (person: Person) => void;
}

export function ContactResults({ people, query, onOpen }: ContactResultsProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('search.contacts')} className="mt-2 bg-white">
      <h2 className="px-4 pt-3 pb-1 text-[13px] text-neutral-500">{t('search.contacts')}</h2>
      <ul>
        {people.map((p) => (
          <li key={String(p.id)}>
            <button
              type="button"
              onClick={() => onOpen(p)}
              className="flex w-full items-center gap-3 pl-4 text-left active:bg-neutral-100"
            >
              <Avatar name={p.displayName} src={p.avatar || undefined} size={40} />
              <span className="flex min-h-14 min-w-0 flex-1 flex-col justify-center border-b border-black/5 pr-4">
                <span className="truncate text-[16px] text-neutral-900">
                  <HighlightText text={p.displayName} query={query} />
                </span>
                {p.account && (
                  <span className="truncate text-[12px] text-neutral-400">
                    {t('search.account')}
                    <HighlightText text={p.account} query={query} />
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
