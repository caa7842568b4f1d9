// getContacts' side of a message written once (docs/decisions/0070): a chat row's last message, unread count and mention come from the
// conversation's hub (conversation/chat-state.ts), asked for every chat when the list is read, since no member's
// hub keeps a copy per message. A chat I am out of keeps the row stored when I left.
import type { ChatState } from '../contract';
import { conversationHub } from '../stubs';
import type { ChatRow } from './chat-list';

/** How many hubs are asked at once. */
const AT_ONCE = 50;

/** Each row's state from its conversation, in the rows' order; null where the hub did not answer (the row's own copy stands). */
export async function chatStates(env: Env, uid: number, rows: ChatRow[]): Promise<(ChatState | null)[]> {
  const states: (ChatState | null)[] = [];
  for (let i = 0; i < rows.length; i += AT_ONCE) {
    const batch = rows.slice(i, i + AT_ONCE);
    const answers = await Promise.allSettled(
      batch.map((row) =>
        row.gone ? Promise.resolve(null) : conversationHub(env, row.conversation).chatState(row.conversation, uid),
      ),
    );
    answers.forEach((answer, j) => {
      if (answer.status === 'rejected') console.warn('chat state unavailable', batch[j]!.conversation, answer.reason);
      states.push(answer.status === 'fulfilled' ? answer.value : null);
    });
  }
  return states;
}
