// The connection line above the chat list: a subtle "connecting…" while retrying,
// the disconnected notice with a reconnect button once the retries are used up.
import { useTranslation } from '@web/lib/i18n';

import { useChatState } from '../../hooks/use-chat';
import { chatStore } from '../../state/chat-store';

export function SocketNotice() {
  const { t } = useTranslation();
  const status = useChatState((s) => s.socket);
  if (status === 'retrying') {
    return (
      <p role="status" className="py-1.5 text-center text-[12px] text-neutral-400">
        {t('chatList.connecting')}
      </p>
    );
  }
  if (status !== 'failed') return null;
  return (
    <div role="alert" className="flex items-center gap-3 bg-[#fdecec] px-4 py-2.5 text-[14px] text-danger">
      <span
        aria-hidden="true"
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-danger text-[12px] font-bold text-white"
      >
        !
      </span>
      <span className="min-w-0 flex-1">{t('error.wsDisconnected')}</span>
      <button
        type="button"
        onClick={chatStore.reconnect}
        className="shrink-0 rounded-full border border-[#d9363e]/40 px-3 py-1 text-[13px] active:bg-[#d9363e]/10"
      >
        {t('error.reconnect')}
      </button>
    </div>
  );
}
