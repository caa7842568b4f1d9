// Finds the chat of a message named without it (issue 27 item 3): the original's clients recall by
// `id` alone and forward by `msg_id` alone, since its message ids are global. Parley's are not (a
// `msg_id` is its conversation's seq, a client id is unique only per sender), so the caller's chats
// are asked, each hub answering whether the caller may see such a message there.
import { conversationHub, userHub } from '../durable/stubs';
import { refuse } from '../services/replies';

/** How many hubs are asked at once, as the chat list asks them. */
const AT_ONCE = 50;

export interface FoundChat {
  /** The chat as the caller names it (their ContactId): what the answer's toContactId says. */
  contactId: string;
  conversation: string;
  /** The chat whose history this user's original web client fetched last (UserHub.viewed). */
  viewing: boolean;
}

/**
 * The one chat of `me` holding a message `key` that `me` may see. None: `im.exist`, as for a message
 * named with its chat. More than one (a `msg_id` is only a number within its chat): the chat the
 * original client has open when it is one of them (it forwards from the open chat, whose history
 * it fetched last), else `im.whichChat`, since acting on a guess could forward the wrong message.
 */
export async function findMessageChat(env: Env, me: number, key: { id: string } | { seq: number }): Promise<FoundChat> {
  const chats = await userHub(env, me).chatConversations(me);
  const found: FoundChat[] = [];
  for (let i = 0; i < chats.length; i += AT_ONCE) {
    const batch = chats.slice(i, i + AT_ONCE);
    const answers = await Promise.all(
      batch.map((chat) => conversationHub(env, chat.conversation).holds(chat.conversation, me, key)),
    );
    found.push(...batch.filter((_, j) => answers[j]));
  }
  if (found.length === 0) throw refuse('im.exist');
  if (found.length === 1) return found[0]!;
  const open = found.find((chat) => chat.viewing);
  if (!open) throw refuse('im.whichChat');
  return open;
}
