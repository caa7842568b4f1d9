// The group's QR code: the signed join link groupInfo gives (valid 7 days), drawn with the same
// encoder as my card's code, shown on demand.
import { useMemo, useState } from 'react';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { qrMatrix, qrPath } from '../../qr';

export function GroupQr({ url, expire, name }: { url: string; expire: number; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const matrix = useMemo(() => (open && url ? qrMatrix(url) : null), [open, url]);
  // The server may give seconds or milliseconds.
  const until = expire > 1e12 ? expire : expire * 1000;
  return (
    <section className="mt-3 bg-white">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}
        className="flex min-h-14 w-full items-center px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100">
        <span className="flex-1">{t('groups.info.qr')}</span>
        <span aria-hidden="true" className="text-neutral-500">{open ? '▴' : '▾'}</span>
      </button>
      {open && (
        <div className="px-4 pb-5">
          {matrix ? (
            <svg viewBox={`0 0 ${matrix.length} ${matrix.length}`} role="img" aria-label={t('groups.info.qrLabel', { name })} data-url={url}
              shapeRendering="crispEdges" className="mx-auto aspect-square w-full max-w-[260px]">
              <rect width={matrix.length} height={matrix.length} fill="#fff" />
              <path d={qrPath(matrix)} fill="#000" />
            </svg>
          ) : <p role="alert" className="text-center text-[14px] text-danger">{t('groups.info.qrMissing')}</p>}
          {until > 0 && (
            <p className="mt-2 text-center text-[13px] text-neutral-600">
              {t('groups.info.qrValid', { date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(until) })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
