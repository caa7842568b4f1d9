// The chat store's side of the offline copy (lib/offline-cache): at start it draws the kept chat
// list and the newest page of each recently opened chat before the network answers; afterwards it
// keeps them, a second after they change, from what the server sent (never a pending message: those
// are the outbox's). The normal loads then bring the list and the threads up to date.
import { offlineCache, type OfflineCopy, RECENT_CHATS } from '@web/lib/offline-cache/offline-cache';

import type { ChatMessage, ChatState, Contact, ContactKey, Thread } from '../types';
import { mergeMessages, thread } from './thread-ops';

/** How long the copy waits after a change, so a burst of frames makes one write. */
export const WRITE_DELAY_MS = 1000;
const PAGE = 20;

interface Host {
  getState(): ChatState;
  set(update: (s: ChatState) => ChatState): void;
  subscribe(listener: () => void): () => void;
}

/** The newest page of a thread as kept: acknowledged messages only, without this tab's upload state. */
export function pageToKeep(t: Thread): ChatMessage[] {
  return t.messages
    .filter((m) => m.status === 'succeed')
    .slice(-PAGE)
    .map(({ localUrl: _url, progress: _progress, failReason: _reason, ...m }) => m);
}

/** `key` first among the recently opened chats. */
export const openedFirst = (recent: string[], key: ContactKey) =>
  [key, ...recent.filter((k) => k !== key)].slice(0, RECENT_CHATS);

/**
 * The kept copy drawn into a state the network has not filled yet: the list unless the server's
 * came first, and each kept page into its thread unless that thread has loaded. The kept messages
 * are named in `cached`, so the thread's first page from the server replaces them (thread-ops: dropCached).
 */
export function withOfflineCopy(state: ChatState, copy: OfflineCopy): ChatState {
  const contacts = !state.contactsLoaded && copy.list ? (copy.list as Contact[]) : state.contacts;
  const threads = { ...state.threads };
  for (const [key, page] of Object.entries(copy.threads)) {
    const old = thread(state, key);
    if (old.loaded || !page.length) continue;
    const kept = page as ChatMessage[];
    const peerRead = kept
      .filter((m) => m.fromUser.id === state.me && m.is_read)
      .reduce((max, m) => Math.max(max, m.seq), old.peerReadSeq);
    threads[key] = { ...mergeMessages(old, kept), peerReadSeq: peerRead, cached: kept.map((m) => m.id) };
  }
  return { ...state, contacts, threads };
}

export class OfflineSync {
  private stopRun: (() => void) | null = null;

  constructor(private readonly host: Host) {}

  /** Draws `me`'s copy and keeps it from now on; any other user's copy is deleted. */
  start(me: number): void {
    this.stop();
    let live = true;
    // Nothing is written before the copy was read: a write would drop the pages it does not know of.
    let read = false;
    let recent: string[] = [];
    let recentWritten = true;
    let open: ContactKey | null = null;
    let listWritten: Contact[] | undefined;
    const threadsWritten = new Map<ContactKey, Thread>();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const write = () => {
      timer = undefined;
      const s = this.host.getState();
      if (!live || !read || s.me !== me) return;
      // Only the server's list is kept; until it came, the list shown is the copy itself.
      if (s.contactsLoaded && s.contacts !== listWritten) {
        listWritten = s.contacts;
        void offlineCache.writeList(
          me,
          s.contacts.filter((c) => !c.removed),
        );
      }
      const pages: Record<string, ChatMessage[]> = {};
      for (const key of recent) {
        const t = s.threads[key];
        if (!t?.loaded || threadsWritten.get(key) === t) continue;
        threadsWritten.set(key, t);
        pages[key] = pageToKeep(t);
      }
      if (recentWritten && !Object.keys(pages).length) return;
      recentWritten = true;
      void offlineCache.writeThreads(me, recent, pages);
    };
    const changed = () => {
      const s = this.host.getState();
      if (s.openContact && s.openContact !== open) {
        recent = openedFirst(recent, s.openContact);
        recentWritten = false;
      }
      open = s.openContact;
      timer ??= setTimeout(write, WRITE_DELAY_MS);
    };
    // A reload within the delay would lose the last change.
    const flushNow = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    };

    const unsubscribe = this.host.subscribe(changed);
    changed();
    window.addEventListener('pagehide', flushNow);
    void offlineCache.keepOnly(me);
    void offlineCache.read(me).then((copy) => {
      if (!live) return;
      // Chats opened while the copy was being read stay first.
      recent = [...recent, ...copy.recent.filter((k) => !recent.includes(k))].slice(0, RECENT_CHATS);
      read = true;
      this.host.set((s) => (s.me === me ? withOfflineCopy(s, copy) : s));
    });
    this.stopRun = () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('pagehide', flushNow);
    };
  }

  /** Signing out: nothing more is written (the session's end deletes the copy). */
  stop(): void {
    this.stopRun?.();
    this.stopRun = null;
  }
}
