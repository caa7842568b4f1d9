// Finds the chat of a message named without it: the original client recalls by
// `id` alone and forward by `msg_id` alone, since its message ids are global. Parley's are not (a
// `msg_id` is its conversation's seq, a client id is unique only per sender), so the caller's chats
// are asked, each hub answering whether the caller may see such a message there.
import { conversationHub, userHub } from '../durable/stubs';
import { refuse } from '../services/replies';

/** How many hubs are asked at once, as the chat list asks them. */
const AT_ONCE = 50;
/** The most hubs one search asks: the caller's most recent chats, two batches. */
export const FIND_MAX_CHATS = 100;

export interface FoundChat {
  /** The chat as the caller names it (their ContactId): what the answer's toContactId says. */
  contactId: string;
  conversation: string;
}

/**
 * The one chat of `me` holding a message `key` that `me` may see, among their FIND_MAX_CHATS most
 * recent chats. None: `im.exist`, as for a message named with its chat (`im.nameTheChat` when chats
 * were left unasked). More than one (a `msg_id` is only a number within its chat): `im.whichChat`,
 * never a guess, since acting on one could forward a private message of another chat.
 */
export async function findMessageChat(env: Env, me: number, key: { id: string } | { seq: number }): Promise<FoundChat> {
  const all = await userHub(env, me).chatConversations(me);
  const chats = all.slice(0, FIND_MAX_CHATS);
  const found: FoundChat[] = [];
  for (let i = 0; i < chats.length; i += AT_ONCE) {
    const batch = chats.slice(i, i + AT_ONCE);
    const answers = await Promise.all(
      batch.map((chat) => conversationHub(env, chat.conversation).holds(chat.conversation, me, key)),
    );
    found.push(...batch.filter((_, j) => answers[j]));
  }
  if (found.length > 1) throw refuse('im.whichChat');
  if (found.length === 1) return found[0]!;
  throw refuse(all.length > chats.length ? 'im.nameTheChat' : 'im.exist', { max: FIND_MAX_CHATS });
}
