// Pure rules naming conversations. A one-to-one chat is a two-member conversation keyed by the
// sorted pair of user ids, so both sides reach the same ConversationHub; a group is `group-N`.
import { type ContactId, type ConversationId, isGroupContact } from '../protocol/ids';

export { type ConversationId, isGroupContact };

export function directConversation(a: number, b: number): ConversationId {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}

export function pairMembers(conversation: ConversationId): [number, number] | null {
  const match = /^(\d+)-(\d+)$/.exec(conversation);
  if (!match) return null;
  return [Number(match[1]), Number(match[2])];
}

/** The contact id under which `viewer` files a conversation: the peer's id, or `group-N`. */
export function contactFor(viewer: number, conversation: ConversationId): ContactId {
  const pair = pairMembers(conversation);
  if (!pair) return conversation;
  return String(pair[0] === viewer ? pair[1] : pair[0]);
}

/** Resolves a contact id given by `me` to a conversation id; null when it names nobody valid. */
export function conversationOf(me: number, contactId: ContactId): ConversationId | null {
  if (isGroupContact(contactId)) return contactId;
  const peer = Number(contactId);
  if (!Number.isSafeInteger(peer) || peer <= 0 || peer === me) return null;
  return directConversation(me, peer);
}
