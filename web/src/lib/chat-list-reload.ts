// Asking for the chat list afresh, from any feature (a friend added, a group joined, the socket
// back): one function, which the signed-in session (app/signed-in-session.ts) points at the chat
// store's load and hands the friend-request count getContacts' envelope carries to the friends store.
let reload: () => Promise<void> = () => Promise.resolve();

export const reloadChatList = (): Promise<void> => reload();

/** The session says how to reload; the returned function forgets it (signed out: nothing to reload). */
export function setChatListReload(run: () => Promise<void>): () => void {
  reload = run;
  return () => {
    if (reload === run) reload = () => Promise.resolve();
  };
}
