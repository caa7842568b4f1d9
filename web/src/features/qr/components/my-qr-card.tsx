// My QR card: the code of my card link (getQrCode), my avatar and name, how long it is valid,
// a refresh and "Save as image". A phone's camera app opening the link lands on my contact
// page after login; this app's scanner opens it directly.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { showToast } from '@web/components/ui/toast';
import { currentLanguage, useTranslation } from '@web/lib/i18n';

import { useUserInfo } from '../../profile';
import { getQrCode, type QrCode } from '../api/get-qr-code';
import { qrMatrix, qrPath } from '../utils/qr-matrix';
import { cardPicture, download } from '../utils/save-card';

type State = { status: 'loading' } | { status: 'ready'; code: QrCode } | { status: 'failed' };

export function MyQrCard() {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const query = useQuery({ queryKey: ['myQrCode'], queryFn: getQrCode });
  const state: State =
    query.isFetching || query.isPending
      ? { status: 'loading' }
      : query.data?.url
        ? { status: 'ready', code: query.data }
        : { status: 'failed' };
  const load = () => void query.refetch();

  const url = state.status === 'ready' ? state.code.url : '';
  const matrix = useQrMatrix(url);
  const name = user?.realname || user?.account || '';
  const validUntil =
    state.status === 'ready'
      ? t('myQr.validUntil', {
          date: new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
            state.code.expire,
          ),
        })
      : '';

  const save = async () => {
    if (!matrix) return;
    const picture = await cardPicture({ name, avatar: user?.avatar ?? '', matrix, validUntil });
    if (picture) download(picture, 'parley-qr.png');
    else showToast(t('myQr.saveFailed'));
  };

  return (
    <div className="px-4 pt-6 pb-8">
      <div className="mx-auto max-w-[360px] rounded-xl bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <Avatar name={name} src={user?.avatar || undefined} size={56} />
          <p className="min-w-0 flex-1 truncate text-[18px] font-semibold text-black">{name}</p>
        </div>
        <div className="mt-5 flex aspect-square items-center justify-center">
          {state.status === 'ready' && matrix && (
            <svg
              viewBox={`0 0 ${matrix.length} ${matrix.length}`}
              role="img"
              aria-label={t('myQr.codeLabel')}
              data-url={state.code.url}
              shapeRendering="crispEdges"
              className="h-full w-full"
            >
              <rect width={matrix.length} height={matrix.length} fill="#fff" />
              <path d={qrPath(matrix)} fill="#000" />
            </svg>
          )}
          {state.status === 'loading' && (
            <p role="status" className="text-[15px] text-neutral-500">
              {t('common.loading')}
            </p>
          )}
          {state.status === 'failed' && (
            <p role="alert" className="px-4 text-center text-[15px] text-danger">
              {t('error.qrLoginAgain')}
            </p>
          )}
        </div>
        <p className="mt-4 text-center text-[14px] text-neutral-600">
          {state.status === 'ready' ? validUntil : '\u00a0'}
        </p>
        <p className="mt-1 text-center text-[13px] text-neutral-500">{t('myQr.hint')}</p>
      </div>
      <div className="mx-auto mt-6 flex max-w-[360px] flex-col gap-3">
        <Button onClick={() => void save()} disabled={state.status !== 'ready'}>
          {t('myQr.save')}
        </Button>
        <button
          type="button"
          onClick={load}
          disabled={state.status === 'loading'}
          className="h-12 w-full rounded-lg border border-neutral-300 bg-white text-[17px] text-neutral-900 active:bg-neutral-100 disabled:text-neutral-500"
        >
          {t('myQr.refresh')}
        </button>
      </div>
    </div>
  );
}

/** The code's modules, drawn again only when the link changes. */
function useQrMatrix(url: string) {
  return useMemo(() => (url ? qrMatrix(url) : null), [url]);
}
