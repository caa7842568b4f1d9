// Calls from a chat: only one-to-one chats with a live account, only when the server has calls on (chatInfo.webrtc).
import { isGroupContact } from '@protocol/ids';
import { callsEnabled, startCall } from '@web/features/calls';

import { chatStore } from '../../state/chat-store';

export const canCall = (contactKey: string): boolean =>
  !isGroupContact(contactKey) &&
  Number(contactKey) > 0 &&
  callsEnabled() &&
  // Nobody answers for a deleted account.
  !chatStore.contact(contactKey)?.is_deleted;

export function callContact(contactKey: string, video: boolean): void {
  const contact = chatStore.contact(contactKey);
  startCall({ id: Number(contactKey), name: contact?.displayName ?? '', avatar: contact?.avatar ?? '' }, video);
}
