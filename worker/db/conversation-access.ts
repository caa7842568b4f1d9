// Resolving a request's contact id to a conversation the caller may use. One-to-one chats
// need an active peer; groups arrive with the group issue (their hubs hold the members).
import { isActiveUser } from './users';
import { loadConfig } from './config';
import { mayPost } from '../services/message-rules';
import { refuse } from '../middleware/errors';
import { conversationOf, isGroupContact, pairMembers } from '../services/conversations';

export async function resolveConversation(db: D1Database, me: number, contactId: string): Promise<{ conversation: string; isGroup: number }> {
  const conversation = conversationOf(me, contactId);
  if (!conversation) throw refuse('system.parameterError');
  if (isGroupContact(conversation)) return { conversation, isGroup: 1 };
  const peer = pairMembers(conversation)!.find((id) => id !== me)!;
  if (!(await isActiveUser(db, peer))) throw refuse('user.notExist');
  return { conversation, isGroup: 0 };
}

/** The conversation a new message (sent, forwarded or uploaded) goes into, if the rules allow it. */
export async function resolveForSending(db: D1Database, me: number, contactId: string): Promise<{ conversation: string; isGroup: number }> {
  const resolved = await resolveConversation(db, me, contactId);
  const { chatInfo } = await loadConfig(db);
  if (!mayPost(chatInfo, resolved.isGroup)) throw refuse('im.forbidChat');
  return resolved;
}
