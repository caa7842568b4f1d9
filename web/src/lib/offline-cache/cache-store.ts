// Where the offline copy lives: one IndexedDB object store of plain values under string keys,
// opened through `idb`, behind the small CacheStore interface the copy uses (web tests run it on
// fake-indexeddb).
import { type IDBPDatabase, openDB } from 'idb';

export interface CacheStore {
  get(key: string): Promise<unknown>;
  /**
   * One transaction: `puts` written, then every key `drop` accepts deleted. Nothing happens when
   * `allowed()` is false at the moment the transaction would start (checked after the database
   * opened, so a sign-out that came meanwhile is seen).
   */
  update(puts: Array<[string, unknown]>, drop: (key: string) => boolean, allowed: () => boolean): Promise<void>;
}

// Its own database, not the outbox's ('parley'): each can change its version without the other.
const DB_NAME = 'parley-offline';
const STORE = 'cache';

/** The IndexedDB store. Every call goes through one connection, so transactions start in call order. */
export function idbStore(): CacheStore {
  let opening: Promise<IDBPDatabase> | null = null;
  let factory: IDBFactory | undefined;
  const db = () => {
    // Another factory (a test's fresh IndexedDB) is another set of databases.
    if (factory !== globalThis.indexedDB) opening = null;
    factory = globalThis.indexedDB;
    opening ??= openDB(DB_NAME, 1, { upgrade: (d) => void d.createObjectStore(STORE) }).catch((error: unknown) => {
      // Private modes and full disks refuse it; the next call tries again.
      opening = null;
      throw error;
    });
    return opening;
  };
  return {
    async get(key) {
      return (await db()).get(STORE, key);
    },
    async update(puts, drop, allowed) {
      const open = await db();
      if (!allowed()) return;
      const tx = open.transaction(STORE, 'readwrite');
      for (const [key, value] of puts) void tx.store.put(value, key);
      for (const key of await tx.store.getAllKeys())
        if (typeof key === 'string' && drop(key)) void tx.store.delete(key);
      await tx.done;
    },
  };
}
