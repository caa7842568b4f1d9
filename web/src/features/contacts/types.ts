// A person as the address book and the search page's contact results show them: who they are,
// not my chat with them (that is the chat feature's Contact).
export interface Person {
  /** The user id; one-to-one chats are keyed by it too. */
  id: number | string;
  displayName: string;
  avatar: string;
  /** The login account (masked by the server for other people); the directory filter matches it. */
  account?: string;
  /** The letter A–Z the server files the person under; anything else is listed under '#'. */
  index?: string;
  /** 1 when we are friends (getContacts says so); run mode 1's address book lists them apart too. */
  is_friend?: 0 | 1;
}
