// Pure updates of threads and contacts. Every function returns a new state and never mutates,
// so the store can hand snapshots to React with useSyncExternalStore.
import {
  type ChatMessage,
  type ChatState,
  type Contact,
  type ContactKey,
  EMPTY_THREAD,
  keyOf,
  type Thread,
} from '../types';

const bySeq = (a: ChatMessage, b: ChatMessage) => {
  // Acknowledged messages sort by seq; pending ones stay after them in the order they were made.
  if (a.status === 'succeed' && b.status === 'succeed') return a.seq - b.seq;
  if (a.status === 'succeed') return -1;
  if (b.status === 'succeed') return 1;
  return a.sendTime - b.sendTime;
};

export function thread(state: ChatState, key: ContactKey): Thread {
  return state.threads[key] ?? EMPTY_THREAD;
}

export function withThread(state: ChatState, key: ContactKey, update: (t: Thread) => Thread): ChatState {
  return { ...state, threads: { ...state.threads, [key]: update(thread(state, key)) } };
}

/** Inserts or replaces messages by client id, keeping the thread ordered by seq. */
export function mergeMessages(t: Thread, incoming: ChatMessage[]): Thread {
  const byId = new Map(t.messages.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming) {
    const old = byId.get(m.id);
    // The sender keeps its local preview once the server's copy (without one) arrives.
    const merged = old ? { ...old, ...m, localUrl: m.localUrl || old.localUrl } : m;
    // A copy the thread already has stays the same object, so its row is not drawn again.
    if (old && JSON.stringify(merged) === JSON.stringify(old)) continue;
    byId.set(m.id, merged);
    changed = true;
  }
  // Nothing new (the socket's resync right after the first page, most often): the same thread.
  return changed ? { ...t, messages: [...byId.values()].sort(bySeq) } : t;
}

/** The thread without the messages drawn from the offline copy (the server's page is the truth). */
export function dropCached(t: Thread): Thread {
  if (!t.cached) return t;
  const cached = new Set(t.cached);
  return { ...t, messages: t.messages.filter((m) => !cached.has(m.id)), cached: undefined };
}

/** Every thread back to unloaded, keeping only the messages that have not reached the server. */
export function forgetHistory(state: ChatState, keep?: ContactKey): ChatState {
  const threads: Record<ContactKey, Thread> = {};
  for (const [key, t] of Object.entries(state.threads)) {
    threads[key] = key === keep ? t : { ...EMPTY_THREAD, messages: t.messages.filter((m) => m.status !== 'succeed') };
  }
  return { ...state, threads };
}

export function updateMessage(t: Thread, id: string, patch: Partial<ChatMessage>): Thread {
  return { ...t, messages: t.messages.map((m) => (m.id === id ? { ...m, ...patch } : m)) };
}

export function withContact(state: ChatState, key: ContactKey, patch: Partial<Contact>, create?: Contact): ChatState {
  const exists = state.contacts.some((c) => keyOf(c.id) === key);
  if (!exists && !create) return state;
  const contacts = exists
    ? state.contacts.map((c) => (keyOf(c.id) === key ? { ...c, ...patch } : c))
    : [...state.contacts, { ...create!, ...patch }];
  return { ...state, contacts };
}

/** A chat removed from the list (delChat, or the user's own delete): its history stays on the server. */
export const CLEARED_CHAT: Readonly<Partial<Contact>> = {
  lastContent: '',
  lastContentUndo: 0,
  lastSendTime: 0,
  unread: 0,
};

/** pinned first, then the rest, each by latest send time, newest first. */
export function sortContacts(contacts: Contact[]): Contact[] {
  return contacts.filter((c) => !c.removed).sort((a, b) => b.is_top - a.is_top || b.lastSendTime - a.lastSendTime);
}

/** The chat list shows conversations that have something to show. */
export const visibleChats = (contacts: Contact[]) =>
  sortContacts(contacts.filter((c) => c.lastContent || c.lastContentUndo || c.unread > 0 || c.lastSendTime > 0));

/** the total badge sums unread of chats with content; muted chats stay out. */
export const totalUnread = (contacts: Contact[]) =>
  contacts.reduce((sum, c) => sum + (c.is_notice && (c.lastContent || c.lastSendTime) ? c.unread : 0), 0);

/** Where an incoming message belongs: the sender, unless the sender is me, then toUser. */
export function contactKeyOf(
  message: { is_group: number; toContactId: string | number; toUser: string | number; fromUser: { id: number } },
  me: number,
): ContactKey {
  if (message.is_group) return keyOf(message.toContactId);
  return keyOf(message.fromUser.id === me ? message.toUser : message.toContactId);
}

/** Every loaded message of `userId` without their name and picture (an operator deleted the account). */
export function forgetSender(state: ChatState, userId: number): ChatState {
  const blank = { realname: '', displayName: '', avatar: '' };
  const threads: Record<ContactKey, Thread> = {};
  for (const [key, t] of Object.entries(state.threads)) {
    const touched = t.messages.some((m) => m.from_user === userId || quotedAuthor(m) === userId);
    threads[key] = touched
      ? {
          ...t,
          messages: t.messages.map((m) => forgetInMessage(m, userId, blank)),
        }
      : t;
  }
  return { ...state, threads };
}

const quotedAuthor = (m: ChatMessage): unknown => (m.extends?.quote as { user_id?: unknown } | undefined)?.user_id;

/** A message of `userId`'s forgets their card; a reply quoting them, the quote's name (as the server rebuilds it). */
function forgetInMessage(m: ChatMessage, userId: number, blank: Partial<ChatMessage['fromUser']>): ChatMessage {
  const own = m.from_user === userId ? { ...m, fromUser: { ...m.fromUser, ...blank } } : m;
  if (quotedAuthor(m) !== userId) return own;
  return { ...own, extends: { ...own.extends, quote: { ...(own.extends!.quote as object), realname: '' } } };
}
