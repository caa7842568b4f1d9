// SQL of a UserHub: the user's chat list state, the event log that reconnecting clients
// replay, delivery keys of recalls and read marks (a redelivered message is recognised by the
// chat's seq) and presence watchers; socket tickets and sessions are in session-store.ts.
// No AUTOINCREMENT: the next event seq is one past the newest row, which pruning never deletes,
// and sqlite_sequence would cost a page write per delivery.
// (Hubs created before keep their AUTOINCREMENT table; it behaves the same.)
const SCHEMA = `
CREATE TABLE IF NOT EXISTS chats (
  contact_id TEXT PRIMARY KEY, conversation TEXT NOT NULL, is_group INTEGER NOT NULL DEFAULT 0,
  last_seq INTEGER NOT NULL DEFAULT 0, read_seq INTEGER NOT NULL DEFAULT 0,
  last_content TEXT NOT NULL DEFAULT '', last_type TEXT NOT NULL DEFAULT '', last_send_time INTEGER NOT NULL DEFAULT 0,
  last_from INTEGER NOT NULL DEFAULT 0, last_undo INTEGER NOT NULL DEFAULT 0,
  is_top INTEGER NOT NULL DEFAULT 0, is_notice INTEGER NOT NULL DEFAULT 1, hidden INTEGER NOT NULL DEFAULT 0,
  at_seq INTEGER NOT NULL DEFAULT 0, skipped INTEGER NOT NULL DEFAULT 0, last_system TEXT NOT NULL DEFAULT '', gone TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL, time INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS seen_at ON seen (at);
CREATE TABLE IF NOT EXISTS watchers (user_id INTEGER PRIMARY KEY, until INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS parked (conversation TEXT PRIMARY KEY);
`;

/** How many events a hub keeps for replay; older clients reload their chat list. */
export const EVENT_LOG_KEEP = 5000;

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
  /** A group's system lines above read_seq: they are not unread (spec §4), so the count leaves them out. */
  skipped: number;
  /** The last message's `extends.system` (JSON) when it is a system line, so getContacts can word it; '' otherwise. */
  last_system: string;
  /** A group I am out of (GoneReason: removed, left, dissolved), whose chat stays until I delete it; '' otherwise. */
  gone: string;
}

export class UserStore {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
    // Hubs made before mentions were kept have chats without at_seq.
    const columns = sql.exec('PRAGMA table_info(chats)').toArray().map((c) => String(c.name));
    if (!columns.includes('at_seq')) sql.exec('ALTER TABLE chats ADD COLUMN at_seq INTEGER NOT NULL DEFAULT 0');
    // …and before system lines were left out of unread counts and kept for the list's wording.
    if (!columns.includes('skipped')) sql.exec('ALTER TABLE chats ADD COLUMN skipped INTEGER NOT NULL DEFAULT 0');
    if (!columns.includes('last_system')) sql.exec("ALTER TABLE chats ADD COLUMN last_system TEXT NOT NULL DEFAULT ''");
    // …and before a group I left kept its chat.
    if (!columns.includes('gone')) sql.exec("ALTER TABLE chats ADD COLUMN gone TEXT NOT NULL DEFAULT ''");
  }

  chats(): ChatRow[] {
    return this.sql.exec('SELECT * FROM chats').toArray() as unknown as ChatRow[];
  }

  // Rows read once stay in memory: every delivery reads and updates its chat row, and the hub is
  // the only writer. A failed transaction clears the memory (forgetMemory).
  private chatCache = new Map<string, ChatRow>();
  private lastSeq: number | null = null;

  chat(contactId: string): ChatRow | null {
    const cached = this.chatCache.get(contactId);
    if (cached) return cached;
    const row = (this.sql.exec('SELECT * FROM chats WHERE contact_id = ?', contactId).toArray()[0] as unknown as ChatRow) ?? null;
    if (row) this.chatCache.set(contactId, row);
    return row;
  }

  ensureChat(contactId: string, conversation: string, isGroup: number): ChatRow {
    const known = this.chat(contactId);
    if (known) return known;
    this.sql.exec('INSERT OR IGNORE INTO chats (contact_id, conversation, is_group) VALUES (?, ?, ?)', contactId, conversation, isGroup);
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
      next.last_seq, next.read_seq, next.last_content, next.last_type, next.last_send_time, next.last_from,
      next.last_undo, next.is_top, next.is_notice, next.hidden, next.at_seq, next.skipped, next.last_system, next.gone, contactId,
    );
    this.chatCache.set(contactId, next);
  }

  forgetMemory(): void {
    this.chatCache.clear();
    this.lastSeq = null;
  }

  /** Records a delivery key; false when it was seen before (a retried delivery). */
  firstDelivery(key: string): boolean {
    const inserted = this.sql.exec('INSERT OR IGNORE INTO seen (key, at) VALUES (?, ?) RETURNING key', key, Date.now()).toArray();
    return inserted.length > 0;
  }

  /** `data` is the event's JSON text. The seq is the next after the newest row, which is never pruned. */
  append(type: string, data: string, time: number): number {
    const seq = this.lastEventSeq() + 1;
    this.sql.exec('INSERT INTO events (seq, type, data, time) VALUES (?, ?, ?, ?)', seq, type, data, time);
    this.lastSeq = seq;
    if (seq % 500 === 0) this.prune(seq);
    return seq;
  }

  lastEventSeq(): number {
    this.lastSeq ??= Number(this.sql.exec('SELECT COALESCE(MAX(seq), 0) AS s FROM events').one().s);
    return this.lastSeq;
  }

  oldestEventSeq(): number {
    return Number(this.sql.exec("SELECT COALESCE(MIN(seq), 0) AS s FROM events").one().s);
  }

  /** Logged events after `since`; `data` is the JSON text as it was logged. */
  eventsSince(since: number, limit: number) {
    return this.sql
      .exec('SELECT seq, type, data, time FROM events WHERE seq > ? ORDER BY seq LIMIT ?', since, limit)
      .toArray()
      .map((r) => ({ seq: Number(r.seq), type: String(r.type), data: String(r.data), time: Number(r.time) }));
  }

  /** A big group may keep its events for this user until they come back (parking.ts). */
  park(conversation: string): void {
    this.sql.exec('INSERT OR IGNORE INTO parked (conversation) VALUES (?)', conversation);
  }

  /** The groups that may be keeping events for this user. */
  parkedIn(): string[] {
    return this.sql.exec('SELECT conversation FROM parked').toArray().map((r) => String(r.conversation));
  }

  unpark(conversation: string): void {
    this.sql.exec('DELETE FROM parked WHERE conversation = ?', conversation);
  }

  /** Someone looking at this user's chat wants presence changes for a while. */
  watch(userId: number, until: number): void {
    this.sql.exec('INSERT INTO watchers (user_id, until) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET until = excluded.until', userId, until);
  }

  /** Who hears this user's presence: the people they chat with, and current watchers. */
  /** The people I have a one-to-one chat with (whose screens show me), at most `limit`. */
  chatPeers(limit: number): number[] {
    return this.sql.exec('SELECT CAST(contact_id AS INTEGER) AS id FROM chats WHERE is_group = 0 LIMIT ?', limit).toArray().map((r) => Number(r.id));
  }

  presenceAudience(limit: number): number[] {
    this.sql.exec('DELETE FROM watchers WHERE until < ?', Date.now());
    const peers = this.sql.exec('SELECT CAST(contact_id AS INTEGER) AS id FROM chats WHERE is_group = 0 UNION SELECT user_id AS id FROM watchers LIMIT ?', limit).toArray();
    return peers.map((r) => Number(r.id));
  }

  private prune(seq: number): void {
    this.sql.exec('DELETE FROM events WHERE seq <= ?', seq - EVENT_LOG_KEEP);
    this.sql.exec('DELETE FROM seen WHERE at < ?', Date.now() - 7 * 86400_000);
  }
}
