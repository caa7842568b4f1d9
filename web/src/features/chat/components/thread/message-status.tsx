// The state of an own message that needs room beside its bubble: a ring that fills as a file
// uploads, with the percent, or a red "!" when it failed (tap for Retry / Delete). It sits in the
// margin outside the bubble, so it takes no width from it; the spinner and the read ticks are in
// the bubble's corner (message-meta.tsx).
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';

interface MessageStatusProps {
  message: ChatMessage;
  onFailedTap: (message: ChatMessage) => void;
}

export function MessageStatus({ message, onFailedTap }: MessageStatusProps) {
  const { t } = useTranslation();
  if (message.status === 'going' && message.progress !== undefined)
    return <UploadProgress fraction={message.progress} label={t('chat.status.uploading')} />;
  if (message.status === 'failed') {
    return (
      <button
        type="button"
        onClick={() => onFailedTap(message)}
        aria-label={t('chat.status.failed')}
        className="flex size-5 items-center justify-center rounded-full bg-danger text-[13px] font-bold text-white"
      >
        !
      </button>
    );
  }
  return null;
}

const RING = 2 * Math.PI * 7;

function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <span
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="flex flex-col items-center gap-0.5 text-[10px] leading-none text-[#666] tabular-nums"
    >
      <svg viewBox="0 0 16 16" className="size-4 -rotate-90" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="none" strokeWidth="2" className="stroke-neutral-300" />
        <circle
          cx="8"
          cy="8"
          r="7"
          fill="none"
          strokeWidth="2"
          className="stroke-brand"
          strokeDasharray={RING}
          strokeDashoffset={RING * (1 - fraction)}
        />
      </svg>
      {percent}%
    </span>
  );
}
