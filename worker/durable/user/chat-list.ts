// A UserHub's chat list: one row per chat with its last message, read mark, mentions and the
// user's settings (top, notice, hidden), and the delivery keys of recalls and read marks (a
// redelivered message is recognised by the chat's seq, other events by their key).
import { columnsOf, migrate, type MigrationStep } from '../migrations';

const STEPS: MigrationStep[] = [
  // 1: the tables; hubs made before steps were counted have them, some without the later columns.
  (sql) => {
    sql.exec(`
CREATE TABLE IF NOT EXISTS chats (
  contact_id TEXT PRIMARY KEY, conversation TEXT NOT NULL, is_group INTEGER NOT NULL DEFAULT 0,
  last_seq INTEGER NOT NULL DEFAULT 0, read_seq INTEGER NOT NULL DEFAULT 0,
  last_content TEXT NOT NULL DEFAULT '', last_type TEXT NOT NULL DEFAULT '', last_send_time INTEGER NOT NULL DEFAULT 0,
  last_from INTEGER NOT NULL DEFAULT 0, last_undo INTEGER NOT NULL DEFAULT 0,
  is_top INTEGER NOT NULL DEFAULT 0, is_notice INTEGER NOT NULL DEFAULT 1, hidden INTEGER NOT NULL DEFAULT 0,
  at_seq INTEGER NOT NULL DEFAULT 0, skipped INTEGER NOT NULL DEFAULT 0, last_system TEXT NOT NULL DEFAULT '', gone TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS seen_at ON seen (at);`);
    // Mentions (at_seq), system lines left out of unread counts (skipped, last_system) and kept gone groups came later.
    const columns = columnsOf(sql, 'chats');
    const later = [
      ['at_seq', 'INTEGER NOT NULL DEFAULT 0'],
      ['skipped', 'INTEGER NOT NULL DEFAULT 0'],
      ['last_system', "TEXT NOT NULL DEFAULT ''"],
      ['gone', "TEXT NOT NULL DEFAULT ''"],
    ] as const;
    for (const [name, type] of later)
      if (!columns.includes(name)) sql.exec(`ALTER TABLE chats ADD COLUMN ${name} ${type}`);
  },
];

/** Delivery keys are kept a week, swept every this many keys. */
const KEY_SWEEP_EVERY = 500;
const KEY_KEEP_MS = 7 * 86400_000;

export interface ChatRow {
  contact_id: string;
  conversation: string;
  is_group: number;
  last_seq: number;
  read_seq: number;
  last_content: string;
  last_type: string;
  last_send_time: number;
  last_from: number;
  last_undo: number;
  is_top: number;
  is_notice: number;
  hidden: number;
  /** The newest message of a group that mentions me (me or everyone); the "[@ me]" mark while above read_seq. */
  at_seq: number;
  /** A group's system lines above read_seq: they are not unread, so the count leaves them out. */
  skipped: number;
  /** The last message's `extends.system` (JSON) when it is a system line, so getContacts can word it; '' otherwise. */
  last_system: string;
  /** A group I am out of (GoneReason: removed, left, dissolved), whose chat stays until I delete it; '' otherwise. */
  gone: string;
}

export class ChatList {
  private readonly sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    migrate(storage, 'chats', STEPS);
    this.sql = storage.sql;
  }

  chats(): ChatRow[] {
    return this.sql.exec('SELECT * FROM chats').toArray() as unknown as ChatRow[];
  }

  // Rows read once stay in memory: every delivery reads and updates its chat row, and the hub is
  // the only writer. A failed transaction clears the memory (forgetMemory).
  private chatCache = new Map<string, ChatRow>();

  chat(contactId: string): ChatRow | null {
    const cached = this.chatCache.get(contactId);
    if (cached) return cached;
    const row =
      (this.sql.exec('SELECT * FROM chats WHERE contact_id = ?', contactId).toArray()[0] as unknown as ChatRow) ?? null;
    if (row) this.chatCache.set(contactId, row);
    return row;
  }

  ensureChat(contactId: string, conversation: string, isGroup: number): ChatRow {
    const known = this.chat(contactId);
    if (known) return known;
    this.sql.exec(
      'INSERT OR IGNORE INTO chats (contact_id, conversation, is_group) VALUES (?, ?, ?)',
      contactId,
      conversation,
      isGroup,
    );
    return this.chat(contactId)!;
  }

  update(contactId: string, fields: Partial<Omit<ChatRow, 'contact_id' | 'conversation' | 'is_group'>>): void {
    const row = this.chat(contactId);
    if (!row) return;
    const next = { ...row, ...fields };
    // One statement text for every update, so SQLite prepares it once.
    this.sql.exec(
      `UPDATE chats SET last_seq = ?, read_seq = ?, last_content = ?, last_type = ?, last_send_time = ?, last_from = ?,
         last_undo = ?, is_top = ?, is_notice = ?, hidden = ?, at_seq = ?, skipped = ?, last_system = ?, gone = ? WHERE contact_id = ?`,
      next.last_seq,
      next.read_seq,
      next.last_content,
      next.last_type,
      next.last_send_time,
      next.last_from,
      next.last_undo,
      next.is_top,
      next.is_notice,
      next.hidden,
      next.at_seq,
      next.skipped,
      next.last_system,
      next.gone,
      contactId,
    );
    this.chatCache.set(contactId, next);
  }

  forgetMemory(): void {
    this.chatCache.clear();
    this.pushed.clear();
  }

  /** The newest message seq pushed per conversation, in memory only: a redelivery is not pushed twice. */
  private pushed = new Map<string, number>();

  /** False for a message at or below the newest one pushed for its conversation. */
  firstPush(conversation: string, seq: number): boolean {
    if (seq <= (this.pushed.get(conversation) ?? 0)) return false;
    if (this.pushed.size >= 1000) this.pushed.clear();
    this.pushed.set(conversation, seq);
    return true;
  }

  /** Records a delivery key; false when it was seen before (a retried delivery). */
  firstDelivery(key: string): boolean {
    const now = Date.now();
    const inserted = this.sql
      .exec('INSERT OR IGNORE INTO seen (key, at) VALUES (?, ?) RETURNING rowid', key, now)
      .toArray()[0];
    if (inserted && Number(inserted.rowid) % KEY_SWEEP_EVERY === 0)
      this.sql.exec('DELETE FROM seen WHERE at < ?', now - KEY_KEEP_MS);
    return inserted !== undefined;
  }

  /** The people I have a one-to-one chat with (whose screens show me), at most `limit`; `ordered` by id. */
  chatPeers(limit: number, ordered = false): number[] {
    const order = ordered ? ' ORDER BY id' : '';
    return this.sql
      .exec(`SELECT CAST(contact_id AS INTEGER) AS id FROM chats WHERE is_group = 0${order} LIMIT ?`, limit)
      .toArray()
      .map((r) => Number(r.id));
  }
}
