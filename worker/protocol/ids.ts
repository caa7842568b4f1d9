// The two keys every layer names a chat by (README glossary):
// - ContactId: how one viewer names a chat on the wire — the peer's user id for a one-to-one chat,
//   `group-N` for a group. It is `toContactId` / `id` in requests and frames, and the key of the
//   web app's chat list and threads. The same one-to-one chat has a different ContactId per side.
// - ConversationId: the server's name of the conversation itself — the sorted pair `A-B` for a
//   one-to-one chat, `group-N` for a group; one ConversationHub each. Clients never see it.
export type ContactId = string;
export type ConversationId = string;

const GROUP_PREFIX = 'group-';
/** A well-formed group chat key, its number captured. */
export const GROUP_KEY_PATTERN = /^group-(\d{1,12})$/;
/** A well-formed chat key of either kind: a user id or a group's key. */
export const CHAT_KEY_PATTERN = /^(\d{1,12}|group-\d{1,12})$/;

/** Group chats are `group-<id>`; one-to-one chats go by the peer's numeric id. */
export const isGroupContact = (id: ContactId | number): boolean => String(id).startsWith(GROUP_PREFIX);
/** A group's chat key, which is its ContactId and its ConversationId alike: `group-<id>`. */
export const groupChatKey = (groupId: number | string): ContactId => `${GROUP_PREFIX}${groupId}`;
/** The group number a well-formed group chat key names, or null for any other key. */
export function groupIdOf(key: string): number | null {
  const match = GROUP_KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}
