// Resolving a request's contact id to a conversation the caller may use. One-to-one chats
// need an active peer; groups arrive with the group issue (their hubs hold the members).
import { isActiveUser } from './users';
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
