// The frame of a page: top bar plus a scrolling body on the #F8F8F8 page background.
import type { ReactNode } from 'react';

import { TopBar } from './top-bar';

interface PageProps {
  title: string;
  showBack?: boolean;
  children: ReactNode;
}

export function Page({ title, showBack, children }: PageProps) {
  return (
    <div className="flex flex-col bg-page">
      <TopBar title={title} showBack={showBack} />
      <main className="flex-1">{children}</main>
    </div>
  );
}
