// Full-screen preview of a chat image. The chat's other photos are a swipe (or an arrow key, or
// the side buttons) away, with "3 / 7" at the top; the photo zooms (pinch, double-tap, Ctrl +
// wheel, the +/- buttons) and can be downloaded. A tap beside the photo, the close button or
// Escape closes it, and so does the message being recalled (or leaving the thread) while open.
// Opening puts the keyboard focus on its close button; closing gives it back to what opened it.
import { useEffect, useRef } from 'react';

import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { mediaSrc } from './message-display-rules';
import { previewOverlay as preview } from './overlays';
import { PreviewToolbar } from './preview-toolbar';
import { usePhotoZoom } from './use-photo-zoom';

const SWIPE_PX = 50;

export { showImagePreview } from './overlays';

/** The thread's photos that can be shown, oldest first. */
const photosOf = (messages: ChatMessage[]) => messages.filter((m) => m.type === 'image' && !m.is_undo && mediaSrc(m));

export function ImagePreviewHost({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation();
  const current = preview.useCurrent();
  const photos = current ? photosOf(messages) : [];
  const index = current ? photos.findIndex((m) => m.id === current.messageId) : -1;
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const area = useRef<HTMLDivElement>(null);
  const zoom = usePhotoZoom(area, current?.messageId ?? '');
  const closeButton = useRef<HTMLButtonElement>(null);
  const shown = index >= 0;

  const go = (step: number) => {
    const next = photos[index + step];
    if (next) preview.show({ messageId: next.id });
  };

  useEffect(() => {
    if (current && index < 0) preview.hide();
  }, [current, index]);
  useEffect(() => {
    if (!current) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') preview.hide();
      else if (e.key === 'ArrowLeft') go(-1);
      else if (e.key === 'ArrowRight') go(1);
      else if (e.key === '+' || e.key === '=') zoom.zoomIn();
      else if (e.key === '-') zoom.zoomOut();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  useEffect(() => {
    if (!shown) return;
    const opener = document.activeElement;
    closeButton.current?.focus({ preventScroll: true });
    return () => {
      // Only when the focus went with the preview: an action may have put it somewhere on purpose.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement) opener.focus({ preventScroll: true });
    };
  }, [shown]);
  if (!current || index < 0) return null;
  const photo = photos[index]!;

  // A horizontal swipe moves between photos (and is not also a tap that closes); not while zooming.
  const onPointerUp = (e: React.PointerEvent) => {
    const start = pointer.current;
    pointer.current = null;
    if (!start || zoom.ownsGesture()) return;
    const dx = e.clientX - start.x;
    swiped.current = Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - start.y);
    if (swiped.current) go(dx < 0 ? 1 : -1);
  };
  const onClick = () => {
    if (swiped.current) swiped.current = false;
    else preview.hide();
  };
  const step = (by: number) => (e: React.MouseEvent) => {
    e.stopPropagation();
    go(by);
  };
  const side =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/50 text-2xl text-white active:bg-black/70';
  return (
    <div
      ref={area}
      role="dialog"
      aria-modal="true"
      aria-label={t('chat.imagePreview')}
      onPointerDown={(e) => (pointer.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={onPointerUp}
      onClick={onClick}
      className="fixed inset-0 z-50 flex touch-pan-y items-center justify-center overflow-hidden bg-black select-none"
    >
      <img
        src={mediaSrc(photo)}
        alt=""
        draggable={false}
        style={zoom.style}
        {...zoom.photoHandlers}
        className={`max-h-full max-w-full touch-none object-contain ${zoom.zoomed ? 'cursor-grab' : 'cursor-zoom-in'}`}
      />
      <PreviewToolbar
        counter={photos.length > 1 ? `${index + 1} / ${photos.length}` : ''}
        src={mediaSrc(photo)!}
        scale={zoom.scale}
        closeRef={closeButton}
        onClose={() => preview.hide()}
        onZoomIn={zoom.zoomIn}
        onZoomOut={zoom.zoomOut}
      />
      {index > 0 && (
        <button type="button" aria-label={t('chat.previousPhoto')} className={`${side} left-3`} onClick={step(-1)}>
          ‹
        </button>
      )}
      {index < photos.length - 1 && (
        <button type="button" aria-label={t('chat.nextPhoto')} className={`${side} right-3`} onClick={step(1)}>
          ›
        </button>
      )}
    </div>
  );
}
