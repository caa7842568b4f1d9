// The console's frame: its sections as a sidebar from 1024 px and as a row of tabs across the top
// on a phone (the open one scrolled into sight), the open section beside or below. Only operators get the sections.
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';

import { Link, NavLink } from '@web/components/ui/link';
import { PATHS } from '@web/config/paths';
import { type TKey, useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';

import { isOperator, useConsoleReadOnly } from '../operator';

const SECTIONS: { to: string; label: TKey; end?: boolean }[] = [
  { to: PATHS.manage, label: 'manage.nav.overview', end: true },
  { to: PATHS.manageUsers, label: 'manage.nav.users' },
  { to: PATHS.manageGroups, label: 'manage.nav.groups' },
  { to: PATHS.manageInvitations, label: 'manage.nav.invitations' },
  { to: PATHS.manageReports, label: 'manage.nav.reports' },
  { to: PATHS.manageAnnouncements, label: 'manage.nav.announcements' },
  { to: PATHS.manageSettings, label: 'manage.nav.settings' },
  { to: PATHS.manageAudit, label: 'manage.nav.audit' },
];

const ITEM =
  'block shrink-0 rounded-md px-3 py-2 text-[15px] whitespace-nowrap text-neutral-700 hover:bg-neutral-100 aria-[current=page]:bg-brand/10 aria-[current=page]:font-medium aria-[current=page]:text-brand-dark';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const operator = isOperator(storage.getUserInfo()?.role);
  const readOnly = useConsoleReadOnly();
  const { pathname } = useLocation();
  const tabs = useRef<HTMLUListElement>(null);
  // On a phone the tabs overflow the row: the open one is scrolled into sight (NavLink marks it aria-current).
  useEffect(() => {
    tabs.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    // data-desktop: from 1024 px the app shell drops its phone-width column for the console (index.css).
    <div data-desktop className="min-h-dvh bg-page lg:flex">
      <header className="border-b border-neutral-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-56 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex h-12 items-center gap-2 px-4 lg:h-auto lg:flex-col lg:items-start lg:gap-1 lg:py-4">
          <span className="flex-1 text-[15px] font-semibold text-neutral-900 lg:flex-none lg:text-[17px]">
            {t('manage.title')}
          </span>
          <Link to={PATHS.mine} className="text-[14px] text-brand-dark underline-offset-2 hover:underline">
            {t('manage.backToApp')}
          </Link>
        </div>
        {operator && (
          <nav aria-label={t('manage.title')}>
            <ul ref={tabs} className="flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-col lg:overflow-visible lg:pt-2">
              {SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink to={s.to} end={s.end} className={() => ITEM}>
                    {t(s.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main className="min-w-0 flex-1">
        {operator && readOnly && (
          // The demo's shared operator: every change is refused, so the console says so first.
          <p role="note" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-[14px] text-amber-900 lg:px-8">
            <strong className="font-semibold">{t('manage.readOnly.title')}</strong> {t('manage.readOnly.body')}
          </p>
        )}
        {operator ? <Outlet /> : <p className="p-6 text-[15px] text-neutral-700">{t('manage.operatorsOnly')}</p>}
      </main>
    </div>
  );
}
