// A page that, on a wide screen, opens as the right-hand panel beside the open chat (the chat's
// details, a group's page and members, a person's card; messages-layout.tsx), as WhatsApp Web
// does: there it has a panel's header whose × (or Escape) closes it; elsewhere it is the page
// with its top bar and back.
import { type ReactNode, useContext } from 'react';

import { Icon } from '../components/ui/icons';
import { Page } from '../components/ui/page';
import { useTranslation } from '../lib/i18n';
import { InsideMain, useClosePanel } from './wide-screen';

export function PanelPage({ title, children }: { title: string; children: ReactNode }) {
  if (!useContext(InsideMain)) return <Page title={title}>{children}</Page>;
  return (
    <div className="flex min-h-full flex-col bg-page">
      <PanelHeader title={title} />
      <div className="flex-1">{children}</div>
    </div>
  );
}

export function PanelHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const close = useClosePanel();
  return (
    <header className="sticky top-0 z-10 flex h-11 shrink-0 items-center border-b border-black/5 bg-page/95 pr-1 pl-4 backdrop-blur">
      <h2 className="min-w-0 flex-1 truncate text-[16px] font-medium text-black">{title}</h2>
      <button
        type="button"
        onClick={close}
        aria-label={t('layout.closePanel')}
        className="flex h-11 w-11 items-center justify-center text-neutral-700 hover:text-black"
      >
        <Icon size={20}>
          <path d="M6 6l12 12M18 6 6 18" />
        </Icon>
      </button>
    </header>
  );
}
