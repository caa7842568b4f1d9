// Full-screen preview of a chat image; a tap anywhere or Escape closes it, and so does the
// message being recalled (or leaving the thread) while it is open.
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { createOverlay } from '../../../../lib/overlay-store';
import type { ChatMessage } from '../../types';

const preview = createOverlay<{ src: string; messageId: string }>();
export const showImagePreview = (src: string, messageId: string) => preview.show({ src, messageId });

export function ImagePreviewHost({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation();
  const current = preview.useCurrent();
  const shown = current && messages.find((m) => m.id === current.messageId && !m.is_undo);
  useEffect(() => {
    if (current && !shown) preview.hide();
  }, [current, shown]);
  useEffect(() => {
    if (!current) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && preview.hide();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current]);
  if (!current || !shown) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label={t('chat.imagePreview')} onClick={preview.hide}
      className="fixed inset-0 z-50 flex items-center justify-center bg-black">
      <img src={current.src} alt="" className="max-h-full max-w-full object-contain" />
    </div>
  );
}
