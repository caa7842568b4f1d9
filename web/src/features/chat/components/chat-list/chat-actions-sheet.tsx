// The long-press menu of a chat: pin/unpin, mute/unmute, delete. Changes show at once (the
// store updates first and rolls back if the server refuses; the refusal is toasted there).
import { useEffect } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { showDialog } from '../../../../components/ui/dialog';
import { chatStore } from '../../state/chat-store';
import { keyOf, type Contact } from '../../types';

export function ChatActionsSheet({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const key = keyOf(contact.id);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const run = (action: () => Promise<void>) => {
    onClose();
    action().catch(() => undefined);
  };
  const remove = async () => {
    if (await showDialog(t('chatList.deleteConfirm'), { showCancel: true })) await chatStore.removeChat(key);
  };

  const actions = [
    { label: t(contact.is_top ? 'chatList.unpin' : 'chatList.pin'), act: () => chatStore.pinChat(key, !contact.is_top) },
    { label: t(contact.is_notice ? 'chatList.mute' : 'chatList.unmute'), act: () => chatStore.muteChat(key, !!contact.is_notice) },
    { label: t('chatList.delete'), act: remove, danger: true },
  ];

  return (
    <div className="fixed inset-0 z-30 flex items-end justify-center bg-black/40" onClick={onClose}>
      <div role="menu" aria-label={contact.displayName} onClick={(e) => e.stopPropagation()}
        className="sheet-in w-full max-w-[480px] overflow-hidden rounded-t-xl bg-[#f2f2f2] pb-[env(safe-area-inset-bottom)]">
        <p className="truncate bg-white px-6 py-3 text-center text-[13px] text-neutral-400">{contact.displayName}</p>
        <div className="divide-y divide-neutral-100 border-t border-neutral-100 bg-white">
          {actions.map(({ label, act, danger }) => (
            <button key={label} type="button" role="menuitem" onClick={() => run(act)}
              className={`block h-14 w-full text-[17px] active:bg-neutral-100 ${danger ? 'text-[#fa5151]' : 'text-neutral-900'}`}>
              {label}
            </button>
          ))}
        </div>
        <button type="button" onClick={onClose} className="mt-2 block h-14 w-full bg-white text-[17px] text-neutral-900 active:bg-neutral-100">
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
