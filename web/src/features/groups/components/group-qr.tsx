// The group's QR code: the signed join link groupInfo gives (valid 7 days), drawn with the same
// encoder as my card's code, shown on demand, and saved as a picture as my card's is (its name,
// picture, the code and how long it is valid). A manager may reset it: every code handed out
// before stops working (someone shared it too widely).
import { useMemo, useState } from 'react';

import { Button } from '@web/components/ui/button';
import { showDialog } from '@web/components/ui/dialog';
import { showToast } from '@web/components/ui/toast';
import { currentLanguage, useTranslation } from '@web/lib/i18n';

import { cardPicture, download, qrMatrix, qrPath } from '../../qr';
import { resetGroupQr } from '../api/groups-api';

interface GroupQrProps {
  groupKey: string;
  url: string;
  expire: number;
  name: string;
  /** The group's uploaded picture; '' draws its first letter. */
  avatar: string;
  canReset: boolean;
}

export function GroupQr({ groupKey, canReset, name, avatar, ...given }: GroupQrProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<{ url: string; expire: number } | null>(null);
  const { url, expire } = fresh ?? given;
  const reset = async () => {
    if (!(await showDialog(t('groups.info.qrResetConfirm'), { showCancel: true }))) return;
    try {
      const info = await resetGroupQr(groupKey);
      setFresh({ url: info.qrUrl, expire: info.qrExpire });
      showToast(t('groups.info.qrResetDone'));
    } catch {
      // The server's refusal was already shown.
    }
  };
  const matrix = useMemo(() => (open && url ? qrMatrix(url) : null), [open, url]);
  // The server may give seconds or milliseconds.
  const until = expire > 1e12 ? expire : expire * 1000;
  const valid =
    until > 0
      ? t('groups.info.qrValid', {
          date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium' }).format(until),
        })
      : '';
  const save = async () => {
    if (!matrix) return;
    const picture = await cardPicture({ name, avatar, matrix, validUntil: valid });
    if (picture) download(picture, 'parley-group-qr.png');
    else showToast(t('myQr.saveFailed'));
  };
  return (
    <section className="mt-3 bg-white">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex min-h-14 w-full items-center px-4 text-left text-[16px] text-neutral-900 active:bg-neutral-100"
      >
        <span className="flex-1">{t('groups.info.qr')}</span>
        <span aria-hidden="true" className="text-neutral-500">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open && (
        <div className="px-4 pb-5">
          {matrix ? (
            <svg
              viewBox={`0 0 ${matrix.length} ${matrix.length}`}
              role="img"
              aria-label={t('groups.info.qrLabel', { name })}
              data-url={url}
              shapeRendering="crispEdges"
              className="mx-auto aspect-square w-full max-w-[260px]"
            >
              <rect width={matrix.length} height={matrix.length} fill="#fff" />
              <path d={qrPath(matrix)} fill="#000" />
            </svg>
          ) : (
            <p role="alert" className="text-center text-[14px] text-danger">
              {t('groups.info.qrMissing')}
            </p>
          )}
          {valid && <p className="mt-2 text-center text-[13px] text-neutral-600">{valid}</p>}
          {matrix && (
            <Button onClick={() => void save()} className="mx-auto mt-4 block max-w-[260px]">
              {t('myQr.save')}
            </Button>
          )}
          {canReset && (
            <button
              type="button"
              onClick={() => void reset()}
              className="mx-auto mt-3 block min-h-11 px-4 text-[15px] text-brand-dark active:bg-neutral-100"
            >
              {t('groups.info.qrReset')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
