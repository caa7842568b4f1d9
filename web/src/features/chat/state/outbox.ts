// The outbox: messages the server has not acknowledged yet, in IndexedDB so they survive a
// reload, and go out in the order they were written once the connection is back. Where IndexedDB
// cannot be used (some private modes, a full disk, a browser that cannot store the file), the
// entries wait in memory instead: they still go out, they only do not survive a reload.
import { trackWrite } from '@web/lib/pending-writes';

export interface OutboxEntry {
  id: string;
  owner: number;
  contact: string;
  createdAt: number;
  kind: 'text' | 'file';
  body: Record<string, unknown>;
  file?: Blob;
  fileName?: string;
  /** Refused by the server: waits for the user's retry instead of going out with the rest. */
  held?: boolean;
  /** The server's reason for the refusal, shown again after a reload. */
  reason?: string;
}

const DB_NAME = 'parley';
const STORE = 'outbox';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Entries IndexedDB could not take. */
const memory = new Map<string, OutboxEntry>();

export const outbox = {
  async put(entry: OutboxEntry): Promise<void> {
    try {
      // Tracked: an app update reloads the page only once the entry is on disk (lib/app-update).
      await trackWrite(run('readwrite', (s) => s.put(entry)));
      memory.delete(entry.id);
    } catch {
      memory.set(entry.id, entry);
    }
  },
  async remove(id: string): Promise<void> {
    memory.delete(id);
    await run('readwrite', (s) => s.delete(id)).catch(() => undefined);
  },
  /** This user's entries, oldest first. */
  async list(owner: number): Promise<OutboxEntry[]> {
    const stored = ((await run('readonly', (s) => s.getAll()).catch(() => [])) as OutboxEntry[]).filter(
      (e) => !memory.has(e.id),
    );
    return [...stored, ...memory.values()].filter((e) => e.owner === owner).sort((a, b) => a.createdAt - b.createdAt);
  },
};
