// SQL of a ConversationHub: the message log (seq = rowid, gap-free because the tail is never
// deleted), members with their read watermarks, the outbox of undelivered events (`fanout`:
// one row per event with the members it is for, so a group message is one row, not one per member),
// and `meta`: the conversation's name and when retention next runs. The fan-out id is a plain rowid
// (no AUTOINCREMENT, which costs a page write per message): an id is reused only after its row was
// acknowledged by everyone and deleted, and nothing refers to a deleted row.
import type { FileInfo, MessageType, StoredMessage, UserCard } from '../protocol/messages';
import type { HubEvent } from './hub-events';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS members (user_id INTEGER PRIMARY KEY, read_seq INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, from_user INTEGER NOT NULL, type TEXT NOT NULL,
  content TEXT NOT NULL, extends TEXT, pid INTEGER NOT NULL DEFAULT 0, send_time INTEGER NOT NULL,
  is_undo INTEGER NOT NULL DEFAULT 0, from_card TEXT NOT NULL, file TEXT);
CREATE TABLE IF NOT EXISTS fanout (id INTEGER PRIMARY KEY, users TEXT NOT NULL, event TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** Until the fan-out table, the outbox held one row per member and event; its rows move over once. */
const MIGRATE_OUTBOX = `
INSERT INTO fanout (users, event) SELECT '[' || user_id || ']', event FROM outbox ORDER BY id;
DROP TABLE outbox;
`;

function ensureSchema(sql: SqlStorage): void {
  sql.exec(SCHEMA);
  if (sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").toArray().length > 0) sql.exec(MIGRATE_OUTBOX);
}

type Row = Record<string, SqlStorageValue>;

/** An undelivered event and the members who have not acknowledged it yet. */
export interface OutboxRow {
  id: number;
  waiting: number[];
  event: HubEvent;
}

export interface NewMessage {
  id: string;
  from: UserCard;
  type: MessageType;
  content: string;
  extends: Record<string, unknown> | null;
  pid: number;
  file: FileInfo | null;
}

export class ConversationStore {
  constructor(private readonly sql: SqlStorage, readonly conversation: string) {
    ensureSchema(sql);
  }

  /** The conversation of an evicted hub that wakes to an alarm: from its outbox, or as retention noted it. */
  static conversationOf(sql: SqlStorage): string | null {
    ensureSchema(sql);
    const row = sql.exec('SELECT event FROM fanout LIMIT 1').toArray()[0];
    if (row) return (JSON.parse(String(row.event)) as HubEvent).conversation;
    const named = sql.exec("SELECT value FROM meta WHERE key = 'conversation'").toArray()[0];
    return named ? String(named.value) : null;
  }

  /** When retention next runs (ms), or null when it has never been scheduled. */
  pruneAt(): number | null {
    const row = this.sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").toArray()[0];
    return row ? Number(row.value) : null;
  }

  setPruneAt(at: number): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES ('prune_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", String(at));
    this.sql.exec("INSERT OR IGNORE INTO meta (key, value) VALUES ('conversation', ?)", this.conversation);
  }

  /**
   * The oldest messages (at most `limit`) sent before `cutoff` (ms), never the newest message:
   * `seq` is the rowid and must never be handed out again. Null when none is due; else the last
   * seq of the batch, the files its messages carry, and whether more are due after it. (The
   * original also keeps announcements and self-notes; they would be excluded here once they exist.)
   */
  dueForPruning(cutoff: number, limit: number): { throughSeq: number; fileIds: number[]; more: boolean } | null {
    const rows = this.sql
      .exec('SELECT seq, file FROM messages WHERE send_time < ? AND seq < (SELECT MAX(seq) FROM messages) ORDER BY seq LIMIT ?', cutoff, limit + 1)
      .toArray();
    const batch = rows.slice(0, limit);
    if (batch.length === 0) return null;
    const fileIds = batch.flatMap((r) => (r.file ? [(JSON.parse(String(r.file)) as FileInfo).file_id] : []));
    return { throughSeq: Number(batch.at(-1)!.seq), fileIds, more: rows.length > limit };
  }

  /** Deletes what dueForPruning listed (the same condition, so the newest message stays). */
  prune(throughSeq: number, cutoff: number): void {
    this.sql.exec('DELETE FROM messages WHERE seq <= ? AND send_time < ? AND seq < (SELECT MAX(seq) FROM messages)', throughSeq, cutoff);
  }

  // Read on every send; kept in memory and refreshed whenever membership changes.
  private memberCache: number[] | null = null;

  members(): number[] {
    this.memberCache ??= this.sql.exec('SELECT user_id FROM members ORDER BY user_id').toArray().map((r) => Number(r.user_id));
    return this.memberCache;
  }

  addMembers(ids: number[]): void {
    for (const id of ids) this.sql.exec('INSERT OR IGNORE INTO members (user_id) VALUES (?)', id);
    this.memberCache = null;
  }

  lastSeq(): number {
    return Number(this.sql.exec('SELECT COALESCE(MAX(seq), 0) AS s FROM messages').one().s);
  }

  byId(id: string): StoredMessage | null {
    const row = this.sql.exec('SELECT * FROM messages WHERE id = ?', id).toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  bySeq(seq: number): StoredMessage | null {
    const row = this.sql.exec('SELECT * FROM messages WHERE seq = ?', seq).toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  /** Stores a new message; null when its client id is already stored (a resend). */
  insert(m: NewMessage, now: number): StoredMessage | null {
    const row = this.sql
      .exec(
        `INSERT INTO messages (id, from_user, type, content, extends, pid, send_time, from_card, file)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING RETURNING seq`,
        m.id, m.from.id, m.type, m.content, m.extends ? JSON.stringify(m.extends) : null, m.pid, now,
        JSON.stringify(m.from), m.file ? JSON.stringify(m.file) : null,
      )
      .toArray()[0];
    if (!row) return null;
    const seq = Number(row.seq);
    // What toMessage would read back, built from what was just written.
    return {
      msg_id: seq, seq, id: m.id, conversation: this.conversation, type: m.type, content: m.content, extends: m.extends,
      pid: m.pid, sendTime: now, from_user: m.from.id, fromUser: m.from, is_undo: 0, file: m.file,
    };
  }

  markUndone(seq: number): StoredMessage | null {
    this.sql.exec("UPDATE messages SET is_undo = 1, content = '', extends = NULL, file = NULL WHERE seq = ?", seq);
    return this.bySeq(seq);
  }

  readSeq(user: number): number {
    const row = this.sql.exec('SELECT read_seq FROM members WHERE user_id = ?', user).toArray()[0];
    return row ? Number(row.read_seq) : 0;
  }

  /** Highest seq any other member has read: own messages up to it show as read. */
  othersReadSeq(user: number): number {
    return Number(this.sql.exec('SELECT COALESCE(MAX(read_seq), 0) AS s FROM members WHERE user_id != ?', user).one().s);
  }

  /** After retention deleted through `seq`: members who had not read that far now have; returns them. */
  raiseReadFloor(seq: number): number[] {
    return this.sql.exec('UPDATE members SET read_seq = ? WHERE read_seq < ? RETURNING user_id', seq, seq).toArray().map((r) => Number(r.user_id));
  }

  setReadSeq(user: number, seq: number): void {
    this.sql.exec('UPDATE members SET read_seq = MAX(read_seq, ?) WHERE user_id = ?', seq, user);
  }

  idsBetween(afterSeq: number, uptoSeq: number, notFrom: number): string[] {
    return this.sql
      .exec('SELECT id FROM messages WHERE seq > ? AND seq <= ? AND from_user != ? ORDER BY seq LIMIT 500', afterSeq, uptoSeq, notFrom)
      .toArray()
      .map((r) => String(r.id));
  }

  page(beforeSeq: number | null, limit: number): StoredMessage[] {
    const rows = beforeSeq
      ? this.sql.exec('SELECT * FROM messages WHERE seq < ? ORDER BY seq DESC LIMIT ?', beforeSeq, limit)
      : this.sql.exec('SELECT * FROM messages ORDER BY seq DESC LIMIT ?', limit);
    return rows.toArray().map((r) => this.toMessage(r)).reverse();
  }

  /** Record-manager search: newest first, by type and keyword, with the total count. */
  search(type: string, keywords: string, page: number, limit: number): { list: StoredMessage[]; count: number } {
    const where = ['is_undo = 0', "type != 'event'"];
    const args: SqlStorageValue[] = [];
    if (type !== 'all') (where.push('type = ?'), args.push(type));
    if (keywords) (where.push("content LIKE ? ESCAPE '\\'"), args.push(`%${keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    const clause = where.join(' AND ');
    const count = Number(this.sql.exec(`SELECT COUNT(*) AS n FROM messages WHERE ${clause}`, ...args).one().n);
    const list = this.sql
      .exec(`SELECT * FROM messages WHERE ${clause} ORDER BY seq DESC LIMIT ? OFFSET ?`, ...args, limit, (page - 1) * limit)
      .toArray()
      .map((r) => this.toMessage(r));
    return { list, count };
  }

  // The outbox is mirrored in memory: the drain reads what it just wrote from here instead of
  // reading it back, and a row every member acknowledged leaves the table in the next write this
  // hub makes anyway (or at the safety alarm) rather than in a commit of its own. After an eviction
  // a row goes to all its members again, acknowledged or not, and their hubs ignore what they have.
  private queue: OutboxRow[] | null = null;
  private acknowledged: number[] = [];

  private outbox(): OutboxRow[] {
    this.queue ??= this.sql
      .exec('SELECT id, users, event FROM fanout ORDER BY id')
      .toArray()
      .map((r) => ({ id: Number(r.id), waiting: JSON.parse(String(r.users)) as number[], event: JSON.parse(String(r.event)) as HubEvent }));
    return this.queue;
  }

  /** One row for the event, however many members it goes to. */
  enqueue(users: number[], event: HubEvent): void {
    const queue = this.outbox();
    const id = Number(this.sql.exec('INSERT INTO fanout (users, event) VALUES (?, ?) RETURNING id', JSON.stringify(users), JSON.stringify(event)).one().id);
    queue.push({ id, waiting: [...users], event });
  }

  /** The oldest rows still waiting for a member. */
  pending(limit = 500): readonly OutboxRow[] {
    return this.outbox().slice(0, limit);
  }

  /** Each member's hub has the rows listed for it; a row every member has leaves the queue now and the table at the next flush. */
  acknowledge(delivered: { user: number; ids: number[] }[]): void {
    const byRow = new Map<number, Set<number>>();
    for (const { user, ids } of delivered) for (const id of ids) byRow.set(id, (byRow.get(id) ?? new Set()).add(user));
    if (byRow.size === 0) return;
    this.queue = this.outbox().filter((row) => {
      const users = byRow.get(row.id);
      if (!users) return true;
      row.waiting = row.waiting.filter((u) => !users.has(u));
      if (row.waiting.length > 0) return true;
      this.acknowledged.push(row.id);
      return false;
    });
  }

  /** Deletes acknowledged rows; callers run it inside a write they make anyway. */
  flushAcknowledged(): void {
    const ids = this.acknowledged;
    this.acknowledged = [];
    // Durable Object SQL binds at most 100 parameters per statement.
    for (let i = 0; i < ids.length; i += 90) {
      const chunk = ids.slice(i, i + 90);
      this.sql.exec(`DELETE FROM fanout WHERE id IN (${chunk.map(() => '?').join(',')})`, ...chunk);
    }
  }

  /** After a failed write the memory may be ahead of the table: read it again next time. */
  forgetMemory(): void {
    this.queue = null;
    this.acknowledged = [];
    this.memberCache = null;
  }

  private toMessage(r: Row): StoredMessage {
    return {
      msg_id: Number(r.seq),
      seq: Number(r.seq),
      id: String(r.id),
      conversation: this.conversation,
      type: (Number(r.is_undo) ? 'event' : String(r.type)) as MessageType,
      content: String(r.content),
      extends: r.extends ? (JSON.parse(String(r.extends)) as Record<string, unknown>) : null,
      pid: Number(r.pid),
      sendTime: Number(r.send_time),
      from_user: Number(r.from_user),
      fromUser: JSON.parse(String(r.from_card)) as UserCard,
      is_undo: Number(r.is_undo),
      file: r.file ? (JSON.parse(String(r.file)) as FileInfo) : null,
    };
  }
}
