// The offline copy of one user's chats on this device: the chat list and the newest page of each
// of the chats they opened last (RECENT_CHATS), so a start draws them before the network answers
// and a start without network still shows them. Everything is keyed by the user's id and written
// only while that user is signed in; signing out deletes the whole copy. What a row or a message
// holds is the chat feature's business: here they are plain values.
import { storage } from '../storage';
import { hasValidSession } from '../storage-core';
import { type CacheStore, idbStore } from './cache-store';

/** How many recently opened chats keep their newest page. */
export const RECENT_CHATS = 20;

export interface OfflineCopy {
  /** The chat list as last loaded; undefined when none was kept. */
  list?: unknown[];
  /** Kept chats, the most recently opened first. */
  recent: string[];
  /** The newest page of each kept chat, by chat key. */
  threads: Record<string, unknown[]>;
}

let store: CacheStore | null = null;
const backend = () => (store ??= idbStore());

const prefix = (owner: number) => `u${owner}:`;
const listKey = (owner: number) => `${prefix(owner)}list`;
const recentKey = (owner: number) => `${prefix(owner)}recent`;
const threadKey = (owner: number, chat: string) => `${prefix(owner)}thread:${chat}`;

/** Only the signed-in user's own copy is ever written: never one for a signed-out browser. */
const signedInAs = (owner: number) => () => hasValidSession() && storage.getUserInfo()?.user_id === owner;

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((k): k is string => typeof k === 'string') : []);

export const offlineCache = {
  /** `owner`'s copy (empty when there is none or storage cannot be read). */
  async read(owner: number): Promise<OfflineCopy> {
    try {
      const list = await backend().get(listKey(owner));
      const recent = strings(await backend().get(recentKey(owner))).slice(0, RECENT_CHATS);
      const threads: Record<string, unknown[]> = {};
      for (const chat of recent) {
        const page = await backend().get(threadKey(owner, chat));
        if (Array.isArray(page)) threads[chat] = page;
      }
      return { list: Array.isArray(list) ? list : undefined, recent, threads };
    } catch {
      return { recent: [], threads: {} };
    }
  },

  /** Keeps the chat list. */
  writeList(owner: number, rows: unknown[]): Promise<void> {
    return backend()
      .update([[listKey(owner), rows]], () => false, signedInAs(owner))
      .catch(() => undefined);
  },

  /** Keeps the given pages and the order of recent chats; the pages of chats no longer among them go. */
  writeThreads(owner: number, recent: string[], pages: Record<string, unknown[]>): Promise<void> {
    const kept = new Set(recent.slice(0, RECENT_CHATS).map((chat) => threadKey(owner, chat)));
    const puts: Array<[string, unknown]> = Object.entries(pages)
      .filter(([chat]) => kept.has(threadKey(owner, chat)))
      .map(([chat, page]) => [threadKey(owner, chat), page]);
    const threads = threadKey(owner, '');
    return backend()
      .update(
        [...puts, [recentKey(owner), recent.slice(0, RECENT_CHATS)]],
        (key) => key.startsWith(threads) && !kept.has(key),
        signedInAs(owner),
      )
      .catch(() => undefined);
  },

  /** Deletes every user's copy but `owner`'s: a browser holds one signed-in user's at most. */
  keepOnly(owner: number): Promise<void> {
    return backend()
      .update(
        [],
        (key) => !key.startsWith(prefix(owner)),
        () => true,
      )
      .catch(() => undefined);
  },

  /** Deletes everything (signing out, a session ended by the server). */
  clear(): Promise<void> {
    return backend()
      .update(
        [],
        () => true,
        () => true,
      )
      .catch(() => undefined);
  },
};
