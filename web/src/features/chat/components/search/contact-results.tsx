// Search results: the contacts whose name or account matches.
import { useTranslation } from '../../../../lib/i18n';
import { Avatar } from '../../../../components/ui/avatar';
import { keyOf, type Contact } from '../../types';
import { HighlightText } from '../../../../components/ui/highlight-text';

interface ContactResultsProps {
  contacts: Contact[];
  query: string;
  roundAvatar: boolean;
  onOpen: (key: string) => void;
}

export function ContactResults({ contacts, query, roundAvatar, onOpen }: ContactResultsProps) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('search.contacts')} className="mt-2 bg-white">
      <h2 className="px-4 pt-3 pb-1 text-[13px] text-neutral-500">{t('search.contacts')}</h2>
      <ul>
        {contacts.map((c) => (
          <li key={keyOf(c.id)}>
            <button type="button" onClick={() => onOpen(keyOf(c.id))} className="flex w-full items-center gap-3 pl-4 text-left active:bg-neutral-100">
              <Avatar name={c.displayName} src={c.avatar || undefined} size={40} round={roundAvatar} />
              <span className="flex min-h-14 min-w-0 flex-1 flex-col justify-center border-b border-black/5 pr-4">
                <span className="truncate text-[16px] text-neutral-900"><HighlightText text={c.displayName} query={query} /></span>
                {c.account && (
                  <span className="truncate text-[12px] text-neutral-400">
                    {t('search.account')}<HighlightText text={c.account} query={query} />
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
