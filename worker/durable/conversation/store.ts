// SQL of a ConversationHub's messages and members: the message log (seq = rowid, gap-free because
// the tail is never deleted), members with their read watermarks, and `meta`: the conversation's
// name and when retention next runs. The outbox of undelivered events is conversation/fanout/fanout.ts's.
import { likeWords } from '../../db/paged';
import type { FileInfo, StoredMessage } from '../../protocol/messages';
import { ReadMarks } from './read-marks';
import { CLEARED, insertedMessage, messageOfRow, type NewMessage, type Row } from './rows';

export class ConversationStore {
  /** Every member's read mark and unread count, from memory (conversation/read-marks.ts). */
  readonly marks: ReadMarks;

  constructor(
    /** The hub's SQL, for this store's companion modules (retention's pruning, message edits). */
    readonly sql: SqlStorage,
    readonly conversation: string,
  ) {
    this.marks = new ReadMarks(sql);
  }

  /** The conversation of an evicted hub that wakes to an alarm with nothing to deliver, as retention noted it. */
  static conversationOf(sql: SqlStorage): string | null {
    const named = sql.exec("SELECT value FROM meta WHERE key = 'conversation'").toArray()[0];
    return named ? String(named.value) : null;
  }

  /** When retention next runs (ms), or null when it has never been scheduled. */
  pruneAt(): number | null {
    const row = this.sql.exec("SELECT value FROM meta WHERE key = 'prune_at'").toArray()[0];
    return row ? Number(row.value) : null;
  }

  setPruneAt(at: number): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES ('prune_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      String(at),
    );
    this.sql.exec("INSERT OR IGNORE INTO meta (key, value) VALUES ('conversation', ?)", this.conversation);
  }

  // Read on every send; kept in memory and refreshed whenever membership changes.
  private memberCache: number[] | null = null;

  members(): number[] {
    this.memberCache ??= this.sql
      .exec('SELECT user_id FROM members ORDER BY user_id')
      .toArray()
      .map((r) => Number(r.user_id));
    return this.memberCache;
  }

  addMembers(ids: number[]): void {
    for (const id of ids) this.sql.exec('INSERT OR IGNORE INTO members (user_id) VALUES (?)', id);
    this.memberCache = null;
    this.marks.forget();
  }

  lastSeq(): number {
    return Number(this.sql.exec('SELECT COALESCE(MAX(seq), 0) AS s FROM messages').one().s);
  }

  /** The newest row (a cleared history's placeholder too: conversation/visibility.ts hides it). */
  newest(): StoredMessage | null {
    const row = this.sql.exec('SELECT * FROM messages ORDER BY seq DESC LIMIT 1').toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  /** Messages above `afterSeq` that name anyone (`extends.at`), newest first, at most `limit`. */
  newestWithMentions(afterSeq: number, limit: number): StoredMessage[] {
    return this.sql
      .exec(
        "SELECT * FROM messages WHERE seq > ? AND is_undo = 0 AND json_extract(extends, '$.at') IS NOT NULL ORDER BY seq DESC LIMIT ?",
        afterSeq,
        limit,
      )
      .toArray()
      .map((r) => this.toMessage(r));
  }

  byId(id: string): StoredMessage | null {
    const row = this.sql.exec('SELECT * FROM messages WHERE id = ?', id).toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  bySeq(seq: number): StoredMessage | null {
    const row = this.sql.exec('SELECT * FROM messages WHERE seq = ? AND is_undo < ?', seq, CLEARED).toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  /**
   * The message that carries file `fileId` (a download asks whose it is). The index on the
   * expression finds it without a second copy of the id to keep in step: recall and clearing
   * empty `file`, which takes the row out of the index, and hubs made before it get it on open.
   */
  byFileId(fileId: number): StoredMessage | null {
    const row = this.sql
      .exec("SELECT * FROM messages WHERE json_extract(file, '$.file_id') = ? AND file IS NOT NULL", fileId)
      .toArray()[0];
    return row ? this.toMessage(row) : null;
  }

  /** Stores a new message; null when its client id is already stored (a resend). */
  insert(m: NewMessage, now: number): StoredMessage | null {
    const row = this.sql
      .exec(
        `INSERT INTO messages (id, from_user, type, content, extends, pid, send_time, from_card, file)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING RETURNING seq`,
        m.id,
        m.from.id,
        m.type,
        m.content,
        m.extends ? JSON.stringify(m.extends) : null,
        m.pid,
        now,
        JSON.stringify(m.from),
        m.file ? JSON.stringify(m.file) : null,
      )
      .toArray()[0];
    if (!row) return null;
    const seq = Number(row.seq);
    this.marks.sent(m.from.id, seq, m.extends?.system !== undefined);
    return insertedMessage(m, seq, now, this.conversation);
  }

  /** A deleted account's messages keep their place; their stored card forgets the name and the picture. */
  forgetSender(user: number): void {
    const blank = "json_set(from_card, '$.realname', '', '$.displayName', '', '$.avatar', '')";
    this.sql.exec(`UPDATE messages SET from_card = ${blank} WHERE from_user = ?`, user);
  }

  /** Replaces a message's `extends` (a call record's outcome, conversation/call-records.ts). */
  setExtends(seq: number, ext: Record<string, unknown>): void {
    this.sql.exec('UPDATE messages SET extends = ? WHERE seq = ?', JSON.stringify(ext), seq);
  }

  /**
   * `by`: who recalled someone else's message (a group's manager), which the notice names;
   * `moderated`: an operator removed it (a report), which every device says instead.
   */
  markUndone(seq: number, by: { id: number; name: string } | null = null, moderated = false): StoredMessage | null {
    const ext = moderated ? { moderated: 1 } : by ? { undo_by: by } : null;
    this.sql.exec(
      "UPDATE messages SET is_undo = 1, content = '', extends = ?, file = NULL WHERE seq = ?",
      ext ? JSON.stringify(ext) : null,
      seq,
    );
    return this.bySeq(seq);
  }

  /** How far `user` has read (conversation/read-marks.ts: their own messages count as read). */
  readSeq(user: number): number {
    return this.marks.effective(user);
  }

  /** Highest seq any other member has read: own messages up to it show as read. */
  othersReadSeq(user: number): number {
    return this.marks.othersRead(this.members(), user);
  }

  /** After retention deleted through `seq`: members who had not read that far now have; returns them. */
  raiseReadFloor(seq: number): number[] {
    const behind = this.members().filter((m) => this.marks.effective(m) < seq);
    for (const m of behind) this.marks.read(m, seq);
    return behind;
  }

  /** How many members other than `author` have read through `seq` (a group's read count for its sender). */
  readersThrough(seq: number, author: number): number {
    return this.marks.readersThrough(this.members(), seq, author);
  }

  setReadSeq(user: number, seq: number): void {
    this.marks.read(user, seq);
  }

  idsBetween(afterSeq: number, uptoSeq: number, notFrom: number): string[] {
    return this.sql
      .exec(
        'SELECT id FROM messages WHERE seq > ? AND seq <= ? AND from_user != ? ORDER BY seq LIMIT 500',
        afterSeq,
        uptoSeq,
        notFrom,
      )
      .toArray()
      .map((r) => String(r.id));
  }

  /** `since` (ms): a group member without `setting.history` sees only what was sent after they joined. */
  page(beforeSeq: number | null, limit: number, since = 0): StoredMessage[] {
    const rows = this.sql.exec(
      'SELECT * FROM messages WHERE seq < ? AND send_time >= ? AND is_undo < ? ORDER BY seq DESC LIMIT ?',
      beforeSeq || Number.MAX_SAFE_INTEGER,
      since,
      CLEARED,
      limit,
    );
    return rows
      .toArray()
      .map((r) => this.toMessage(r))
      .reverse();
  }

  /** Record-manager search: newest first, by type and keyword, with the total count. */
  search(
    type: string,
    keywords: string,
    page: number,
    limit: number,
    since = 0,
  ): { list: StoredMessage[]; count: number } {
    const where = ['is_undo = 0', "type != 'event'", 'send_time >= ?'];
    const args: SqlStorageValue[] = [since];
    if (type !== 'all') {
      where.push('type = ?');
      args.push(type);
    }
    if (keywords) {
      where.push("content LIKE ? ESCAPE '\\'");
      args.push(`%${likeWords(keywords)}%`);
    }
    const clause = where.join(' AND ');
    const count = Number(this.sql.exec(`SELECT COUNT(*) AS n FROM messages WHERE ${clause}`, ...args).one().n);
    const list = this.sql
      .exec(
        `SELECT * FROM messages WHERE ${clause} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        ...args,
        limit,
        (page - 1) * limit,
      )
      .toArray()
      .map((r) => this.toMessage(r));
    return { list, count };
  }

  /** The files the messages up to `seq` carry (a cleared history releases them first, as retention does). */
  fileIdsThrough(seq: number): number[] {
    return this.sql
      .exec('SELECT file FROM messages WHERE seq <= ? AND file IS NOT NULL', seq)
      .toArray()
      .map((r) => (JSON.parse(String(r.file)) as FileInfo).file_id);
  }

  /**
   * Clears the history through `seq`: every message before it is deleted, and `seq` itself becomes
   * an empty placeholder (is_undo CLEARED) that no reader sees. It stays because seq is the rowid:
   * deleting the tail would hand its numbers out again, and members' hubs would take new messages
   * for ones they had.
   */
  clearThrough(seq: number): void {
    this.sql.exec('DELETE FROM messages WHERE seq < ?', seq);
    // Its client id goes too (no client id holds a ':'), so a resend of that message is not taken for a duplicate.
    this.sql.exec(
      "UPDATE messages SET is_undo = ?, id = 'cleared:' || seq, content = '', extends = NULL, file = NULL WHERE seq = ?",
      CLEARED,
      seq,
    );
    this.marks.forget();
  }

  /** After a failed write the memory may be ahead of the table: read it again next time. */
  forgetMemory(): void {
    this.memberCache = null;
    this.marks.forget();
  }

  private toMessage(r: Row): StoredMessage {
    return messageOfRow(r, this.conversation);
  }
}
