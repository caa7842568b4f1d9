// The state of an own message beside its bubble: a spinner while sending (for a file, a ring
// that fills as it uploads, with the percent), a red "!" when it failed (tap for Retry /
// Delete), and Read / Unread once delivered in a single chat.
import { useTranslation } from '../../../../lib/i18n';
import type { ChatMessage } from '../../types';

interface MessageStatusProps {
  message: ChatMessage;
  read: boolean;
  showReceipt: boolean;
  onFailedTap: (message: ChatMessage) => void;
}

export function MessageStatus({ message, read, showReceipt, onFailedTap }: MessageStatusProps) {
  const { t } = useTranslation();
  if (message.status === 'going' && message.progress !== undefined) return <UploadProgress fraction={message.progress} label={t('chat.status.uploading')} />;
  if (message.status === 'going') {
    return <span role="status" aria-label={t('chat.status.sending')} className="mb-3 size-4 animate-spin rounded-full border-2 border-neutral-300 border-t-neutral-500" />;
  }
  if (message.status === 'failed') {
    return (
      <button type="button" onClick={() => onFailedTap(message)} aria-label={t('chat.status.failed')}
        className="mb-2.5 flex size-5 items-center justify-center rounded-full bg-[#fa5151] text-[13px] font-bold text-white">
        !
      </button>
    );
  }
  if (!showReceipt) return null;
  return (
    <span className={`mb-0.5 text-[11px] whitespace-nowrap ${read ? 'text-brand' : 'text-neutral-400'}`}>
      {read ? t('chat.status.read') : t('chat.status.unread')}
    </span>
  );
}

const RING = 2 * Math.PI * 7;

function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <span role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}
      className="mb-1 flex flex-col items-center gap-0.5 text-[10px] leading-none text-neutral-400 tabular-nums">
      <svg viewBox="0 0 16 16" className="size-4 -rotate-90" aria-hidden="true">
        <circle cx="8" cy="8" r="7" fill="none" strokeWidth="2" className="stroke-neutral-300" />
        <circle cx="8" cy="8" r="7" fill="none" strokeWidth="2" className="stroke-brand" strokeDasharray={RING} strokeDashoffset={RING * (1 - fraction)} />
      </svg>
      {percent}%
    </span>
  );
}
