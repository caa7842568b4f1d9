// The chat feature's data: contacts (the chat list) and messages as the client holds them,
// and the helpers on contact keys. No components here, so any screen can import it cheaply.
import type { ContactId } from '@protocol/ids';
import type { WireMessage } from '@protocol/messages';
import type { ChatSummary } from '@protocol/responses';

import { PATHS } from '../../config/paths';
import type { RealtimeStatus } from '../../lib/realtime';

export type ContactKey = ContactId;

/** What a row the client makes itself (a first message, a group just made) fills in; the rest comes with getContacts. */
type RowBasics =
  | 'id'
  | 'displayName'
  | 'avatar'
  | 'is_group'
  | 'is_online'
  | 'is_top'
  | 'is_notice'
  | 'unread'
  | 'lastContent'
  | 'lastSendTime';

/**
 * One row of the chat list: the server's row (protocol ChatSummary: whom the chat is with and the
 * chat's summary) as far as it is known. The row also carries the person's card (index letter,
 * motto) for the address book, which reads it as its own Person (features/contacts).
 */
export type Contact = Pick<ChatSummary, RowBasics> &
  Partial<Omit<ChatSummary, RowBasics>> & {
    /** No longer a contact (unfriended) while the chat was open: readable until it closes, gone from every list. */
    removed?: boolean;
    /** Someone mentioned me (or everyone) in this group since I last read it: the list's "[@ me]". */
    atMe?: boolean;
  };

/** A message in a thread. Pending ones exist only here until the server acknowledges them. */
export type ChatMessage = Omit<WireMessage, 'status'> & {
  status: 'going' | 'succeed' | 'failed';
  /** Object URL of a file still being uploaded, so the sender sees it at once. */
  localUrl?: string;
  /** How much of the file has been uploaded (0–1), while it is being sent. */
  progress?: number;
  /** Why the server refused it (status 'failed'), shown when its red "!" is tapped. */
  failReason?: string;
};

export interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
  loaded: boolean;
  /** Highest seq the other side has read: own messages up to it show as read. */
  peerReadSeq: number;
  /** Ids of the messages drawn from the offline copy, until the server's first page replaces them. */
  cached?: string[];
}

export interface ChatState {
  me: number;
  contacts: Contact[];
  contactsLoaded: boolean;
  threads: Record<ContactKey, Thread>;
  openContact: ContactKey | null;
  socket: RealtimeStatus;
}

export const keyOf = (id: number | string): ContactKey => String(id);

export const EMPTY_THREAD: Thread = { messages: [], hasMore: true, loaded: false, peerReadSeq: 0 };

/** The address of a chat; with `msgId`, opened at that message (a search hit) instead of the newest. */
export const chatPath = (key: string, msgId?: number) =>
  `${PATHS.chat}?id=${encodeURIComponent(key)}${msgId ? `&msg=${msgId}` : ''}`;

/** The address of a chat's detail page, or with `searching` its history search (a page of its own in history, so back closes it). */
export const chatDetailPath = (key: string, searching = false) =>
  `${PATHS.chatDetail}?id=${encodeURIComponent(key)}${searching ? '&search=1' : ''}`;
