// Resolving a request's contact id to a conversation the caller may use. One-to-one chats
// need an active peer (a deleted one's chat can still be read); a group must be one D1 knows (its hub holds the members).
import { loadConfig } from '../db/config';
import { sendingPair } from '../db/friends';
import { isKnownGroup } from '../db/known-groups';
import { USER_DELETED } from '../db/manage-users';
import { findUserById, isActiveUser } from '../db/users';
import { conversationHub } from '../durable/stubs';
import { CODE } from '../protocol/codes';
import { conversationOf, isGroupContact, pairMembers } from '../services/conversations';
import { mayPost } from '../services/message-handling';
import { AppError, refuse } from '../services/replies';
import { isSocialMode, maySendDirect } from '../services/run-mode';

export async function resolveConversation(
  db: D1Database,
  me: number,
  contactId: string,
): Promise<{ conversation: string; isGroup: number; peerDeleted?: true }> {
  const conversation = conversationOf(me, contactId);
  if (!conversation) throw refuse('system.parameterError');
  if (isGroupContact(conversation)) {
    await requireKnownGroup(db, conversation);
    return { conversation, isGroup: 1 };
  }
  const peer = pairMembers(conversation)!.find((id) => id !== me)!;
  if (!(await isActiveUser(db, peer))) {
    // A deleted account's chat stays readable (its messages remain), never writable (resolveForSending).
    if ((await findUserById(db, peer))?.status !== USER_DELETED) throw refuse('user.notExist');
    return { conversation, isGroup: 0, peerDeleted: true };
  }
  return { conversation, isGroup: 0 };
}

/** The conversation a new message (sent, forwarded or uploaded) goes into, if the rules allow it. */
export async function resolveForSending(
  db: D1Database,
  me: number,
  contactId: string,
): Promise<{ conversation: string; isGroup: number }> {
  const resolved = await resolveConversation(db, me, contactId);
  if (resolved.peerDeleted) throw refuse('user.notExist');
  const config = await loadConfig(db);
  if (!mayPost(config.chatInfo, resolved.isGroup)) throw refuse('im.forbidChat');
  // Run mode 2: one-to-one sends need a friendship (or a privileged side); mode 1 pays no query.
  if (!resolved.isGroup && isSocialMode(config)) {
    const peer = pairMembers(resolved.conversation)!.find((id) => id !== me)!;
    const pair = await sendingPair(db, me, peer);
    const allowed =
      !!pair &&
      maySendDirect(
        config,
        pair,
        { user_id: me, role: pair.my_role ?? 0 },
        { user_id: peer, role: pair.peer_role ?? 0 },
      );
    if (!allowed) throw refuse('im.notFriend');
  }
  return resolved;
}

/** Refuses (403) anyone but a member: a group's members are its hub's; a pair's are its two users. */
export async function requireMember(env: Env, conversation: string, me: number): Promise<void> {
  if (!(await conversationHub(env, conversation).isMember(conversation, me)))
    throw new AppError(CODE.FORBIDDEN, 'im.notMember');
}

/**
 * Refuses a `group-N` that D1 has no row for, as a group one is not in is refused (im.notMember):
 * a made-up id must never create a ConversationHub (each is stored, and costs, for good).
 */
export async function requireKnownGroup(db: D1Database, conversation: string): Promise<void> {
  if (!(await isKnownGroup(db, conversation))) throw new AppError(CODE.FORBIDDEN, 'im.notMember');
}
