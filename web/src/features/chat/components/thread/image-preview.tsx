// Full-screen preview of a chat image; a tap anywhere closes it.
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { createOverlay } from '../../../../lib/overlay-store';

const preview = createOverlay<string>();
export const showImagePreview = preview.show;

export function ImagePreviewHost() {
  const { t } = useTranslation();
  const src = preview.useCurrent();
  useEffect(() => {
    if (!src) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && preview.hide();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [src]);
  if (!src) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label={t('chat.imagePreview')} onClick={preview.hide}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black">
      <img src={src} alt="" className="max-h-full max-w-full object-contain" />
    </div>
  );
}
