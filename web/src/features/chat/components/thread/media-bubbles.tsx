// Image and video messages. Images are sized from the server's width/height before they load,
// so the list does not jump; a tap opens the full-screen preview.
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { mediaSrc } from './message-display-rules';
import { showImagePreview } from './overlays';

const MAX_SIDE = 150;
const MIN_SIDE = 48;

export function thumbSize(width: unknown, height: unknown): { width: number; height: number } | null {
  const w = Number(width);
  const h = Number(height);
  if (!(w > 0 && h > 0)) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  return { width: Math.max(MIN_SIDE, Math.round(w * scale)), height: Math.max(MIN_SIDE, Math.round(h * scale)) };
}

export function ImageBubble({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const ext = message.extends ?? {};
  const size = thumbSize(ext.width ?? message.file?.width, ext.height ?? message.file?.height);
  const src = mediaSrc(message);
  return (
    <button
      type="button"
      onClick={() => src && showImagePreview(message.id)}
      aria-label={t('chat.openPhoto')}
      className="block overflow-hidden rounded-[6px] bg-neutral-200"
    >
      {src && (
        <img
          src={src}
          alt=""
          loading="lazy"
          draggable={false}
          style={size ?? undefined}
          className={`block object-cover ${size ? '' : 'max-h-[150px] max-w-[150px]'}`}
        />
      )}
      {!src && <span className="block h-[120px] w-[120px]" />}
    </button>
  );
}

export function VideoBubble({ message }: { message: ChatMessage }) {
  const src = mediaSrc(message);
  // Starting a hair past zero makes browsers that load only the metadata (iOS Safari) still
  // draw the first frame instead of a black box.
  return (
    <video
      src={src ? `${src}#t=0.1` : undefined}
      controls
      preload="metadata"
      playsInline
      className="block h-[160px] w-[200px] rounded-[6px] bg-black object-contain"
    />
  );
}
