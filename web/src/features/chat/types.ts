// The chat feature's data: contacts (the chat list) and messages as the client holds them.
import type { WireMessage } from '../../../../worker/protocol/messages';

export type ContactKey = string;

export interface Contact {
  id: number | string;
  displayName: string;
  avatar: string;
  account?: string;
  index?: string;
  is_group: number;
  is_online: number;
  is_top: number;
  is_notice: number;
  unread: number;
  lastContent: string;
  lastContentUndo?: number;
  lastSendTime: number;
  lastFrom?: number;
  type?: string;
}

/** A message in a thread. Pending ones exist only here until the server acknowledges them. */
export type ChatMessage = Omit<WireMessage, 'status' | 'conversation'> & {
  status: 'going' | 'succeed' | 'failed';
  /** Object URL of a file still being uploaded, so the sender sees it at once. */
  localUrl?: string;
};

export interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
  loaded: boolean;
  /** Highest seq the other side has read: own messages up to it show as read. */
  peerReadSeq: number;
}

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'failed';

export interface ChatState {
  me: number;
  contacts: Contact[];
  contactsLoaded: boolean;
  threads: Record<ContactKey, Thread>;
  openContact: ContactKey | null;
  socket: SocketStatus;
  lastEventSeq: number;
}

export const keyOf = (id: number | string): ContactKey => String(id);

export const EMPTY_THREAD: Thread = { messages: [], hasMore: true, loaded: false, peerReadSeq: 0 };
