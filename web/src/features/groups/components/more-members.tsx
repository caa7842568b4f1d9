// The end of the member list's loaded pages: scrolling it into view (or pressing it) loads the next.
import { useEffect, useRef } from 'react';

import { useTranslation } from '@web/lib/i18n';

export function MoreMembers({ loading, onMore }: { loading: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  const end = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = end.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), {
      rootMargin: '200px',
    });
    seen.observe(target);
    return () => seen.disconnect();
  }, [onMore]);
  return (
    <button
      ref={end}
      type="button"
      onClick={onMore}
      disabled={loading}
      className="block h-12 w-full text-[14px] text-neutral-600 disabled:opacity-60"
    >
      {t('groups.membersMore')}
    </button>
  );
}
