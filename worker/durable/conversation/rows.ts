// The tables of a ConversationStore and how their rows read: the schema, the shape of a new
// message, and a StoredMessage from a row (or from what an insert just wrote).
import type { FileInfo, MessageType, StoredMessage, UserCard } from '../../protocol/messages';
import type { MigrationStep } from '../migrations';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS members (user_id INTEGER PRIMARY KEY, read_seq INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, from_user INTEGER NOT NULL, type TEXT NOT NULL,
  content TEXT NOT NULL, extends TEXT, pid INTEGER NOT NULL DEFAULT 0, send_time INTEGER NOT NULL,
  is_undo INTEGER NOT NULL DEFAULT 0, from_card TEXT NOT NULL, file TEXT);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS messages_file ON messages (json_extract(file, '$.file_id')) WHERE file IS NOT NULL;
`;

/**
 * The log's schema steps (durable/migrations.ts). Step 1 makes the tables or accepts those an older
 * hub has; the file index is partial (a text message adds no index row, each one a row written),
 * and a hub whose index predates that gets it rebuilt once.
 */
export const MESSAGE_STEPS: readonly MigrationStep[] = [
  (sql) => {
    sql.exec(SCHEMA);
    const index = sql
      .exec("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'messages_file'")
      .toArray()[0];
    if (index && !String(index.sql).includes('WHERE')) {
      sql.exec('DROP INDEX messages_file');
      sql.exec(SCHEMA);
    }
  },
];

export type Row = Record<string, SqlStorageValue>;

/** `is_undo` of the placeholder a cleared history leaves at its last seq (clearThrough): never shown. */
export const CLEARED = 2;

export interface NewMessage {
  id: string;
  from: UserCard;
  type: MessageType;
  content: string;
  extends: Record<string, unknown> | null;
  pid: number;
  file: FileInfo | null;
}

/** A message as read from its row. */
export function messageOfRow(r: Row, conversation: string): StoredMessage {
  return {
    msg_id: Number(r.seq),
    seq: Number(r.seq),
    id: String(r.id),
    conversation,
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

/** What messageOfRow would read back from the row `insert` just wrote as `seq`. */
export function insertedMessage(m: NewMessage, seq: number, now: number, conversation: string): StoredMessage {
  return {
    msg_id: seq,
    seq,
    id: m.id,
    conversation,
    type: m.type,
    content: m.content,
    extends: m.extends,
    pid: m.pid,
    sendTime: now,
    from_user: m.from.id,
    fromUser: m.from,
    is_undo: 0,
    file: m.file,
  };
}
