// The state of an own message beside its bubble: a spinner while sending, a red "!" when it
// failed (tap for Retry / Delete), and Read / Unread once delivered in a single chat.
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
