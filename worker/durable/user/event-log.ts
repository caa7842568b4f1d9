// A UserHub's event log: every logged frame with its monotonically increasing `seq`, so a
// reconnecting client replays exactly what it missed (`sync`), or is told to reload (`resync`).
// No AUTOINCREMENT: the next seq is one past the newest row, which pruning never deletes, and
// sqlite_sequence would cost a page write per delivery (hubs made before keep their AUTOINCREMENT
// table; it behaves the same).
import type { EventData, EventType, FrameOf, Outgoing } from '../../protocol/frames';
import { SYNC_MAX_EVENTS } from '../../protocol/socket';
import { migrate, type MigrationStep } from '../migrations';

const STEPS: MigrationStep[] = [
  (sql) =>
    sql.exec(
      'CREATE TABLE IF NOT EXISTS events (seq INTEGER PRIMARY KEY, type TEXT NOT NULL, data TEXT NOT NULL, time INTEGER NOT NULL)',
    ),
];

/** How many events a hub keeps for replay; older clients reload their chat list. */
export const EVENT_LOG_KEEP = 5000;
/** The log is pruned each time its seq passes a multiple of this. */
const PRUNE_EVERY = 500;

export class EventLog {
  private readonly sql: SqlStorage;
  /** The newest seq, read once: the hub is the log's only writer. */
  private lastSeq: number | null = null;

  constructor(storage: DurableObjectStorage) {
    migrate(storage, 'events', STEPS);
    this.sql = storage.sql;
  }

  /** Appends to the log and returns the frame; the data is serialised once for both. */
  log(o: Outgoing): string {
    const time = Math.floor(Date.now() / 1000);
    const data = JSON.stringify(o.data);
    return frameText(o.type, data, this.append(o.type, data, time), time);
  }

  /** A frame pushed but not logged (a message, written once in its ConversationHub), stamped with the newest seq. */
  unlogged(o: Outgoing): string {
    return frameText(o.type, JSON.stringify(o.data), this.last(), Math.floor(Date.now() / 1000));
  }

  /** An unlogged frame, stamped with the newest seq. */
  frame<T extends EventType>(type: T, data: EventData<T>): string {
    return frameText(type, JSON.stringify(data), this.last(), Math.floor(Date.now() / 1000));
  }

  last(): number {
    this.lastSeq ??= Number(this.sql.exec('SELECT COALESCE(MAX(seq), 0) AS s FROM events').one().s);
    return this.lastSeq;
  }

  /** Sends `ws` what came after `since`, or `resync` when the log no longer holds all of it. */
  replay(ws: WebSocket, since: number): void {
    const last = this.last();
    if (since >= last) return;
    const oldest = Number(this.sql.exec('SELECT COALESCE(MIN(seq), 0) AS s FROM events').one().s);
    if ((oldest > 0 && since + 1 < oldest) || last - since > SYNC_MAX_EVENTS) {
      ws.send(JSON.stringify({ type: 'resync', seq: last } satisfies FrameOf<'resync'>));
      return;
    }
    const rows = this.sql.exec(
      'SELECT seq, type, data, time FROM events WHERE seq > ? ORDER BY seq LIMIT ?',
      since,
      SYNC_MAX_EVENTS,
    );
    // `data` is the JSON text as it was logged.
    for (const e of rows) ws.send(frameText(String(e.type), String(e.data), Number(e.seq), Number(e.time)));
  }

  /** A failed transaction may have rolled back appends. */
  forgetMemory(): void {
    this.lastSeq = null;
  }

  private append(type: string, data: string, time: number): number {
    const seq = this.last() + 1;
    this.sql.exec('INSERT INTO events (seq, type, data, time) VALUES (?, ?, ?, ?)', seq, type, data, time);
    this.lastSeq = seq;
    if (seq % PRUNE_EVERY === 0) this.sql.exec('DELETE FROM events WHERE seq <= ?', seq - EVENT_LOG_KEEP);
    return seq;
  }
}

/** A pushed frame `{type, time, data, seq}` around data already serialised (logged events keep their JSON). */
function frameText(type: string, data: string, seq: number, time: number): string {
  return `{"type":${JSON.stringify(type)},"time":${time},"data":${data},"seq":${seq}}`;
}
