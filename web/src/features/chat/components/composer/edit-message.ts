// Editing my text messages: the call, and the Up arrow's "my last message" in the open
// chat (a keyboard in an empty input), both within the server's rule (canEdit).
import { editMessage as postEdit } from '../../api/chat-api';
import { chatConfig } from '../../config/chat-config';
import { chatStore } from '../../state/chat-store';
import { thread } from '../../state/thread-ops';
import { canEdit } from '../thread/message-display-rules';
import { composerDraft } from './composer-draft';

export const editMessage = (contactKey: string, msgId: number, content: string) => postEdit(contactKey, msgId, content);

/** Puts my newest message of the chat in the composer for editing, when it may still be edited. */
export function editLastMessage(contactKey: string): void {
  const state = chatStore.getState();
  const mine = thread(state, contactKey).messages.filter((m) => m.fromUser.id === state.me);
  const last = mine.at(-1);
  const ctx = { me: state.me, redoSeconds: 0, editSeconds: chatConfig().editSeconds, now: Date.now() };
  if (last && canEdit(last, ctx)) composerDraft.edit(last.msg_id, last.content);
}
