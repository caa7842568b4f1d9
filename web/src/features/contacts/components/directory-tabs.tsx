// Run mode 1's choice above the address book's people: my friends (with their count) or the
// whole organisation. A two-tab list, so screen readers announce it and arrow keys move along it.
import type { KeyboardEvent } from 'react';

import { useTranslation } from '@web/lib/i18n';

export type DirectoryView = 'friends' | 'organisation';
const VIEWS: DirectoryView[] = ['friends', 'organisation'];

interface DirectoryTabsProps {
  view: DirectoryView;
  friendCount: number;
  onChange: (view: DirectoryView) => void;
  /** Prefix of the tabs' ids; the panel they control is `${ids}-panel`. */
  ids: string;
}

export const directoryTabId = (ids: string, view: DirectoryView) => `${ids}-tab-${view}`;

export function DirectoryTabs({ view, friendCount, onChange, ids }: DirectoryTabsProps) {
  const { t } = useTranslation();
  const pick = (next: DirectoryView) => {
    onChange(next);
    document.getElementById(directoryTabId(ids, next))?.focus();
  };
  // Two tabs: either arrow key, Home or End lands on the other one or the named end.
  const onKeyDown = (e: KeyboardEvent) => {
    const next =
      e.key === 'Home'
        ? VIEWS[0]
        : e.key === 'End'
          ? VIEWS[1]
          : e.key === 'ArrowLeft' || e.key === 'ArrowRight'
            ? VIEWS.find((v) => v !== view)
            : undefined;
    if (!next) return;
    e.preventDefault();
    pick(next);
  };
  return (
    <div
      role="tablist"
      aria-label={t('people.addressBook.views')}
      onKeyDown={onKeyDown}
      className="mx-4 mt-3 mb-1 flex rounded-lg bg-neutral-200/70 p-0.5"
    >
      {VIEWS.map((name) => (
        <button
          key={name}
          id={directoryTabId(ids, name)}
          type="button"
          role="tab"
          aria-selected={view === name}
          aria-controls={`${ids}-panel`}
          tabIndex={view === name ? 0 : -1}
          onClick={() => onChange(name)}
          className={`h-8 flex-1 rounded-md text-[14px] ${view === name ? 'bg-white font-medium text-neutral-900 shadow-sm' : 'text-neutral-600'}`}
        >
          {name === 'friends'
            ? t('people.addressBook.friendsCount', { count: friendCount })
            : t('people.addressBook.organisation')}
        </button>
      ))}
    </div>
  );
}
