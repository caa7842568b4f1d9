// The long-press menu of a chat: pin/unpin, mute/unmute, delete. Changes show at once (the
// store updates first and rolls back if the server refuses; the refusal is toasted there). A swipe
// or wheel on the dimmed list is an attempt to scroll it, and closes the sheet.
import { ActionSheet } from '@web/components/ui/action-sheet';
import { showDialog } from '@web/components/ui/dialog';
import { useTranslation } from '@web/lib/i18n';

import { chatStore } from '../../state/chat-store';
import { type Contact, keyOf } from '../../types';

export function ChatActionsSheet({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const key = keyOf(contact.id);
  const remove = async () => {
    if (await showDialog(t('chatList.deleteConfirm'), { showCancel: true })) await chatStore.removeChat(key);
  };

  // A group I am out of can only be deleted: the server refuses a non-member's pin or mute.
  const gone = Boolean(contact.is_group && contact.gone);
  const actions = [
    ...(gone
      ? []
      : [
          {
            label: t(contact.is_top ? 'chatList.unpin' : 'chatList.pin'),
            act: () => chatStore.pinChat(key, !contact.is_top),
          },
          {
            label: t(contact.is_notice ? 'chatList.mute' : 'chatList.unmute'),
            act: () => chatStore.muteChat(key, !!contact.is_notice),
          },
        ]),
    { label: t('chatList.delete'), act: remove, danger: true },
  ];
  const choose = (index: number | null) => {
    onClose();
    if (index !== null) actions[index]!.act().catch(() => undefined);
  };

  const outside = (e: React.SyntheticEvent) => {
    if (!(e.target as Element).closest('[role="menu"]')) onClose();
  };
  return (
    <div onTouchMove={outside} onWheel={outside}>
      <ActionSheet title={contact.displayName} options={actions} onChoose={choose} />
    </div>
  );
}
