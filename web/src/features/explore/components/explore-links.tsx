// The explore tab: the links the administrator configured (compass), as a list or a grid, or a
// note that there is nothing here yet.
import { useState } from 'react';

import { ChevronIcon } from '@web/components/ui/icons';
import { Link } from '@web/components/ui/link';
import { useTranslation } from '@web/lib/i18n';
import { useSystemInfo } from '@web/lib/system-info';

import { type CompassLink, compassOf } from '../utils/compass';

function LinkIcon({ link, size }: { link: CompassLink; size: number }) {
  const [broken, setBroken] = useState(false);
  if (link.icon && !broken) {
    return (
      <img
        src={link.icon}
        alt=""
        width={size}
        height={size}
        onError={() => setBroken(true)}
        className="shrink-0 rounded-lg object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      className="flex shrink-0 items-center justify-center rounded-lg bg-brand-dark font-medium text-white"
    >
      {Array.from(link.name)[0]?.toUpperCase()}
    </span>
  );
}

export function ExploreLinks() {
  const { t } = useTranslation();
  const { layout, links } = compassOf(useSystemInfo());
  if (links.length === 0) {
    return (
      <div className="flex flex-col items-center px-10 pt-28 text-center">
        <p className="text-[17px] font-medium text-neutral-700">{t('explore.empty')}</p>
        <p className="mt-2 text-[14px] leading-relaxed text-neutral-500">{t('explore.emptyHint')}</p>
      </div>
    );
  }
  // An external link says so to screen readers after its visible name (which stays its whole start).
  const external = (link: CompassLink) => link.external && <span className="sr-only">{t('explore.externalHint')}</span>;
  if (layout === 'grid') {
    return (
      <ul aria-label={t('explore.links')} className="mt-3 grid grid-cols-4 gap-y-5 bg-white px-2 py-5 lg:grid-cols-5">
        {links.map((link) => (
          <li key={link.to + link.name}>
            <Link to={link.to} className="flex flex-col items-center gap-2 rounded-lg px-1 py-1 active:bg-neutral-100">
              <LinkIcon link={link} size={48} />
              <span className="line-clamp-2 text-center text-[13px] break-words text-neutral-900">
                {link.name}
                {external(link)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul aria-label={t('explore.links')} className="mt-3 divide-y divide-neutral-100 border-y border-neutral-100">
      {links.map((link) => (
        <li key={link.to + link.name}>
          <Link
            to={link.to}
            className="flex min-h-14 items-center gap-3 bg-white px-4 text-[16px] text-neutral-900 active:bg-neutral-100"
          >
            <LinkIcon link={link} size={32} />
            <span className="min-w-0 flex-1 truncate">
              {link.name}
              {external(link)}
            </span>
            <ChevronIcon />
          </Link>
        </li>
      ))}
    </ul>
  );
}
