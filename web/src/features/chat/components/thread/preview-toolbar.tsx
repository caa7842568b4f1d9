// The photo preview's bar: "3 / 7", zoom out / in, download, close. Its clicks stay its own (a
// click that reached the backdrop would close the preview).
import type { RefObject } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { ZOOM_MAX, ZOOM_MIN } from './use-photo-zoom';

interface PreviewToolbarProps {
  counter: string;
  src: string;
  scale: number;
  /** The close button, which takes the focus when the preview opens. */
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onZoomIn: () => void;
  onZoomOut: () => void;
}

const BUTTON =
  'flex size-11 items-center justify-center rounded-full text-white active:bg-white/20 disabled:opacity-40';
const ICON = {
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function PreviewToolbar({ counter, src, scale, closeRef, onClose, onZoomIn, onZoomOut }: PreviewToolbarProps) {
  const { t } = useTranslation();
  return (
    <div
      className="absolute top-0 left-0 flex w-full items-center gap-1 bg-gradient-to-b from-black/70 to-transparent px-2 pt-[max(8px,env(safe-area-inset-top))] pb-4"
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
    >
      <span className="min-w-0 flex-1" />
      {counter && <p className="absolute left-1/2 -translate-x-1/2 text-[14px] text-white tabular-nums">{counter}</p>}
      <button
        type="button"
        className={BUTTON}
        aria-label={t('chat.preview.zoomOut')}
        disabled={scale <= ZOOM_MIN}
        onClick={onZoomOut}
      >
        <svg {...ICON}>
          <circle cx="11" cy="11" r="7" />
          <path d="M8 11h6M20 20l-4-4" />
        </svg>
      </button>
      <button
        type="button"
        className={BUTTON}
        aria-label={t('chat.preview.zoomIn')}
        disabled={scale >= ZOOM_MAX}
        onClick={onZoomIn}
      >
        <svg {...ICON}>
          <circle cx="11" cy="11" r="7" />
          <path d="M8 11h6M11 8v6M20 20l-4-4" />
        </svg>
      </button>
      <a href={src} download className={BUTTON} aria-label={t('chat.preview.download')}>
        <svg {...ICON}>
          <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" />
        </svg>
      </a>
      <button ref={closeRef} type="button" className={BUTTON} aria-label={t('chat.preview.close')} onClick={onClose}>
        <svg {...ICON}>
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
