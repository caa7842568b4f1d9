// A row of a grouped settings-style list: label on the left, optional value and a chevron
// when it links somewhere, or any control passed as `trailing`.
import type { ReactNode } from 'react';

import { ChevronIcon } from './icons';
import { Link } from './link';

interface ListRowProps {
  label: string;
  to?: string;
  value?: string;
  trailing?: ReactNode;
}

const ROW = 'flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900';

export function ListRow({ label, to, value, trailing }: ListRowProps) {
  const content = (
    <>
      <span className="flex-1">{label}</span>
      {value && <span className="text-[15px] text-neutral-400">{value}</span>}
      {trailing ?? (to && <ChevronIcon />)}
    </>
  );
  if (to)
    return (
      <Link to={to} className={`${ROW} active:bg-neutral-100`}>
        {content}
      </Link>
    );
  return <div className={ROW}>{content}</div>;
}

/** Rows separated by hairlines, as one white block with an optional caption. */
export function ListGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="mt-3">
      {title && <h2 className="px-4 pb-1.5 text-[13px] text-neutral-500">{title}</h2>}
      <div className="divide-y divide-neutral-100 border-y border-neutral-100">{children}</div>
    </section>
  );
}
