// The two keys every layer names a chat by (README glossary):
// - ContactId: how one viewer names a chat on the wire — the peer's user id for a one-to-one chat,
//   `group-N` for a group. It is `toContactId` / `id` in requests and frames, and the key of the
//   web app's chat list and threads. The same one-to-one chat has a different ContactId per side.
// - ConversationId: the server's name of the conversation itself — the sorted pair `A-B` for a
//   one-to-one chat, `group-N` for a group; one ConversationHub each. Clients never see it.
export type ContactId = string;
export type ConversationId = string;

/** Group chats are `group-<id>`; one-to-one chats go by the peer's numeric id. */
export const isGroupContact = (id: ContactId | number): boolean => String(id).startsWith('group-');
