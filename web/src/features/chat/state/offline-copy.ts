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
 * Presence is never kept: who was online when the copy was written says nothing about now, so the
 * kept list shows nobody online until the server's list (or an isOnline frame) says so.
 */
export function withOfflineCopy(state: ChatState, copy: OfflineCopy): ChatState {
  const kept = copy.list ? (copy.list as Contact[]).map((c) => (c.is_online ? { ...c, is_online: 0 } : c)) : null;
  const contacts = !state.contactsLoaded && kept ? kept : withKeptPictures(state.contacts, kept ?? []);
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

/**
 * A group I am out of keeps the picture it had here when the server, whose list came first, has
 * none to draw any more (a dissolved group has no members left for its collage).
 */
export function withKeptPictures(contacts: Contact[], kept: Contact[]): Contact[] {
  const lacks = (c: Contact) => !!c.is_group && !!c.gone && !c.avatar && !c.collage?.length;
  if (!contacts.some(lacks)) return contacts;
  const collages = new Map(kept.filter((c) => c.collage?.length).map((c) => [String(c.id), c.collage]));
  return contacts.map((c) =>
    lacks(c) && collages.has(String(c.id)) ? { ...c, collage: collages.get(String(c.id)) } : c,
  );
}

/** One signed-in user's copy: read once, then written a moment after each change. */
class CopyRun {
  private live = true;
  // Nothing is written before the copy was read: a write would drop the pages it does not know of.
  private read = false;
  /** Chats by when they were last opened, newest first; `recentWritten` once the copy has that order. */
  private recent: string[] = [];
  private recentWritten = true;
  private open: ContactKey | null = null;
  /** What was last handed to the copy, so an unchanged list or thread is not written again. */
  private listWritten: Contact[] | undefined;
  private readonly threadsWritten = new Map<ContactKey, Thread>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly host: Host,
    private readonly me: number,
  ) {
    this.unsubscribe = host.subscribe(this.changed);
    this.changed();
    window.addEventListener('pagehide', this.flushNow);
    void offlineCache.keepOnly(me);
    void offlineCache.read(me).then((copy) => this.draw(copy));
  }

  stop(): void {
    this.live = false;
    clearTimeout(this.timer);
    this.unsubscribe();
    window.removeEventListener('pagehide', this.flushNow);
  }

  private draw(copy: OfflineCopy): void {
    if (!this.live) return;
    // Chats opened while the copy was being read stay first.
    const earlier = copy.recent.filter((k) => !this.recent.includes(k));
    this.recent = [...this.recent, ...earlier].slice(0, RECENT_CHATS);
    this.read = true;
    this.host.set((s) => (s.me === this.me ? withOfflineCopy(s, copy) : s));
  }

  private readonly changed = () => {
    const s = this.host.getState();
    if (s.openContact && s.openContact !== this.open) {
      this.recent = openedFirst(this.recent, s.openContact);
      this.recentWritten = false;
    }
    this.open = s.openContact;
    this.timer ??= setTimeout(this.write, WRITE_DELAY_MS);
  };

  // A reload within the delay would lose the last change.
  private readonly flushNow = () => {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.write();
  };

  private readonly write = () => {
    this.timer = undefined;
    const s = this.host.getState();
    if (!this.live || !this.read || s.me !== this.me) return;
    // Only the server's list is kept; until it came, the list shown is the copy itself.
    if (s.contactsLoaded && s.contacts !== this.listWritten) {
      this.listWritten = s.contacts;
      void offlineCache.writeList(
        this.me,
        s.contacts.filter((c) => !c.removed),
      );
    }
    const pages: Record<string, ChatMessage[]> = {};
    for (const key of this.recent) {
      const t = s.threads[key];
      if (!t?.loaded || this.threadsWritten.get(key) === t) continue;
      this.threadsWritten.set(key, t);
      pages[key] = pageToKeep(t);
    }
    if (this.recentWritten && !Object.keys(pages).length) return;
    this.recentWritten = true;
    void offlineCache.writeThreads(this.me, this.recent, pages);
  };
}

/** The chat store's handle: a run per signed-in user. */
export class OfflineSync {
  private run: CopyRun | null = null;

  constructor(private readonly host: Host) {}

  /** Draws `me`'s copy and keeps it from now on; any other user's copy is deleted. */
  start(me: number): void {
    this.stop();
    this.run = new CopyRun(this.host, me);
  }

  /** Signing out: nothing more is written (the session's end deletes the copy). */
  stop(): void {
    this.run?.stop();
    this.run = null;
  }
}
