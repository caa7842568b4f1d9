// SQL of a UserHub's call lock: at most one call per user, across all
// their devices, as one row. It names the call, the other person, the conversation its record is
// in, this user's role and the phase, and when the hub's alarm must next look at it (the ring
// deadline while ringing, the dead-socket check while active). user/call/ops.ts and user/call/end.ts make the transitions.
import type { IceServersResponse } from '../../../protocol/calls';
import type { UserCard } from '../../../protocol/wire';
import { columnsOf, migrate, type MigrationStep } from '../../migrations';

const STEPS: MigrationStep[] = [
  (sql) => {
    sql.exec(`
CREATE TABLE IF NOT EXISTS call_lock (
  slot INTEGER PRIMARY KEY CHECK (slot = 0), id TEXT NOT NULL, peer INTEGER NOT NULL, conversation TEXT NOT NULL,
  msg_id INTEGER NOT NULL, type INTEGER NOT NULL, role TEXT NOT NULL, phase TEXT NOT NULL,
  started_at INTEGER NOT NULL, answered_at INTEGER NOT NULL, deadline INTEGER NOT NULL, cards TEXT NOT NULL,
  meeting TEXT NOT NULL DEFAULT '', ice TEXT NOT NULL DEFAULT '');`);
    // Locks stored before the ice column existed.
    if (!columnsOf(sql, 'call_lock').includes('ice'))
      sql.exec("ALTER TABLE call_lock ADD COLUMN ice TEXT NOT NULL DEFAULT ''");
  },
];

/** Minted ICE servers as the call row keeps them: the answer, and when its credentials expire (ms). */
export interface KeptIce {
  iceServers: IceServersResponse['iceServers'];
  expiresAt: number;
}

export type CallRole = 'caller' | 'callee';
export type CallPhase = 'ringing' | 'active';

export interface CallRow {
  /** The call's UUID. */
  id: string;
  /** The other person's user id. */
  peer: number;
  conversation: string;
  /** The call record's msg_id (0 until it is stored). */
  msg_id: number;
  /** 1 video, 0 audio. */
  type: number;
  role: CallRole;
  phase: CallPhase;
  /** Times in ms; answered_at 0 until answered. */
  started_at: number;
  answered_at: number;
  /** When the alarm acts: the ring's end while ringing, the next dead-socket check while active. */
  deadline: number;
  /** This user's card and the other person's, for the frames the hub sends on its own (alarm, lost sockets). */
  me: UserCard;
  other: UserCard;
  /** The RealtimeKit meeting of the call, when that provider is on (kept by the caller's hub). */
  meeting?: string;
  /** This user's ICE servers for the call, minted on the first ask (user/call/ice.ts). */
  ice?: KeptIce;
}

export class CallStore {
  /** The row in memory (undefined: not read yet); the hub is its only writer. */
  private row: CallRow | null | undefined;

  private readonly sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    migrate(storage, 'call_lock', STEPS);
    this.sql = storage.sql;
  }

  get(): CallRow | null {
    if (this.row !== undefined) return this.row;
    const r = this.sql.exec('SELECT * FROM call_lock WHERE slot = 0').toArray()[0];
    if (!r) return (this.row = null);
    const cards = JSON.parse(String(r.cards)) as { me: UserCard; other: UserCard };
    this.row = {
      id: String(r.id),
      peer: Number(r.peer),
      conversation: String(r.conversation),
      msg_id: Number(r.msg_id),
      type: Number(r.type),
      role: String(r.role) as CallRole,
      phase: String(r.phase) as CallPhase,
      started_at: Number(r.started_at),
      answered_at: Number(r.answered_at),
      deadline: Number(r.deadline),
      ...cards,
      ...(r.meeting ? { meeting: String(r.meeting) } : {}),
      ...(r.ice ? { ice: JSON.parse(String(r.ice)) as KeptIce } : {}),
    };
    return this.row;
  }

  /** The call with this id, if it is the one held. */
  held(id: string): CallRow | null {
    const row = this.get();
    return row && row.id === id ? row : null;
  }

  put(row: CallRow): void {
    this.sql.exec(
      `INSERT INTO call_lock (slot, id, peer, conversation, msg_id, type, role, phase, started_at, answered_at, deadline, cards, meeting, ice)
       VALUES (0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(slot) DO UPDATE SET id = excluded.id, peer = excluded.peer,
       conversation = excluded.conversation, msg_id = excluded.msg_id, type = excluded.type, role = excluded.role, phase = excluded.phase,
       started_at = excluded.started_at, answered_at = excluded.answered_at, deadline = excluded.deadline, cards = excluded.cards, meeting = excluded.meeting, ice = excluded.ice`,
      row.id,
      row.peer,
      row.conversation,
      row.msg_id,
      row.type,
      row.role,
      row.phase,
      row.started_at,
      row.answered_at,
      row.deadline,
      JSON.stringify({ me: row.me, other: row.other }),
      row.meeting ?? '',
      row.ice ? JSON.stringify(row.ice) : '',
    );
    this.row = row;
  }

  update(fields: Partial<Omit<CallRow, 'id'>>): CallRow | null {
    const row = this.get();
    if (!row) return null;
    const next = { ...row, ...fields };
    this.put(next);
    return next;
  }

  /** Releases the lock. */
  clear(): void {
    this.sql.exec('DELETE FROM call_lock');
    this.row = null;
  }

  forgetMemory(): void {
    this.row = undefined;
  }
}
