// The @ picker of a group's composer: typing "@" opens it over the input with a
// filter box and the members (and "everyone" for managers); a choice goes into the text as
// "@Name ", Escape or Close puts the focus back in the text box.
import { useMemo, useState } from 'react';

import { SearchInput } from '@web/components/ui/search-input';
import { useTranslation } from '@web/lib/i18n';
import { useEscapeKey } from '@web/lib/use-escape-key';

/** Someone to mention: a member's user id and name, or 0 for everyone. */
export interface MentionCandidate {
  id: number;
  name: string;
}

export function MentionPicker({
  candidates,
  onPick,
  onClose,
}: {
  candidates: readonly MentionCandidate[];
  onPick: (c: MentionCandidate) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  useEscapeKey(onClose);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? candidates.filter((c) => c.name.toLowerCase().includes(q)) : candidates;
  }, [candidates, query]);
  return (
    <div role="dialog" aria-label={t('groups.mention.title')} className="border-b border-black/10 bg-white">
      <div className="flex items-center gap-2 px-2 py-2">
        <SearchInput value={query} onChange={setQuery} placeholder={t('groups.mention.search')} autoFocus />
        <button type="button" onClick={onClose} className="h-9 shrink-0 px-2 text-[14px] text-neutral-700">
          {t('groups.mention.close')}
        </button>
      </div>
      <ul className="max-h-52 overflow-y-auto">
        {shown.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              onClick={() => onPick(c)}
              className="flex h-11 w-full items-center px-4 text-left text-[15px] text-neutral-900 hover:bg-neutral-100 focus:bg-neutral-100"
            >
              {c.id === 0 ? `${t('groups.mention.everyone')} (@${t('groups.mention.all')})` : c.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mentions a text still carries: each picked name whose "@Name" is still in it. */
export function mentionedIds(text: string, picked: readonly MentionCandidate[]): number[] {
  return [...new Set(picked.filter((c) => text.includes(`@${c.name}`)).map((c) => c.id))];
}
