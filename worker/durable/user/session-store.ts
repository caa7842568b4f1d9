// SQL of a UserHub's sessions: one-time socket tickets, each carrying the session (token) it was
// issued for, and the sessions that ended: logged-out session ids until their tokens expire, and a
// version floor below which every token is dead. A socket is refused, or closed, on their word.
import { endsSession, type SessionEnd, type SocketSession } from '../../services/socket-rules';
import { migrate, type MigrationStep } from '../migrations';

const STEPS: MigrationStep[] = [
  // `tickets` (before sessions) held no session; tickets live 60 s, so it is simply replaced.
  (sql) =>
    sql.exec(`
DROP TABLE IF EXISTS tickets;
CREATE TABLE IF NOT EXISTS socket_tickets (ticket TEXT PRIMARY KEY, device_id TEXT NOT NULL, session TEXT NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS ended_sessions (sid TEXT PRIMARY KEY, until INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS session_floor (id INTEGER PRIMARY KEY CHECK (id = 0), version INTEGER NOT NULL);`),
];

export class SessionStore {
  // Both are read on every delivery (each open socket is checked), so they stay in memory: a user
  // ends few sessions, and rows leave once no token of theirs can be valid.
  private floor: number;
  private readonly ended = new Set<string>();

  private readonly sql: SqlStorage;

  constructor(storage: DurableObjectStorage) {
    migrate(storage, 'sessions', STEPS);
    const sql = (this.sql = storage.sql);
    this.floor = Number(sql.exec('SELECT COALESCE(MAX(version), 0) AS v FROM session_floor').one().v);
    for (const row of sql.exec('SELECT sid FROM ended_sessions WHERE until >= ?', Math.floor(Date.now() / 1000)))
      this.ended.add(String(row.sid));
  }

  putTicket(ticket: string, deviceId: string, session: SocketSession, expiresAt: number): void {
    this.sql.exec('DELETE FROM socket_tickets WHERE expires_at < ?', Date.now());
    this.sql.exec(
      'INSERT INTO socket_tickets (ticket, device_id, session, expires_at) VALUES (?, ?, ?, ?)',
      ticket,
      deviceId,
      JSON.stringify(session),
      expiresAt,
    );
  }

  /** One use only: the ticket is deleted whether or not it was still valid. */
  takeTicket(ticket: string): { deviceId: string; session: SocketSession } | null {
    const row = this.sql
      .exec('DELETE FROM socket_tickets WHERE ticket = ? RETURNING device_id, session, expires_at', ticket)
      .toArray()[0];
    if (!row || Number(row.expires_at) <= Date.now()) return null;
    return { deviceId: String(row.device_id), session: JSON.parse(String(row.session)) as SocketSession };
  }

  /** Remembers the end, and drops the tickets it ends (one taken before a logout opens nothing). */
  end(end: SessionEnd): void {
    if ('sid' in end) {
      this.ended.add(end.sid);
      this.sql.exec('DELETE FROM ended_sessions WHERE until < ?', Math.floor(Date.now() / 1000));
      this.sql.exec(
        'INSERT INTO ended_sessions (sid, until) VALUES (?, ?) ON CONFLICT(sid) DO UPDATE SET until = MAX(until, excluded.until)',
        end.sid,
        end.until,
      );
    } else if (end.belowVersion > this.floor) {
      this.floor = end.belowVersion;
      this.sql.exec(
        'INSERT INTO session_floor (id, version) VALUES (0, ?) ON CONFLICT(id) DO UPDATE SET version = excluded.version',
        this.floor,
      );
    }
    for (const row of this.sql.exec('SELECT ticket, session FROM socket_tickets').toArray()) {
      if (endsSession(end, JSON.parse(String(row.session)) as SocketSession))
        this.sql.exec('DELETE FROM socket_tickets WHERE ticket = ?', row.ticket);
    }
  }

  /** Ended here, or its token expired. A socket opened before sockets knew their session passes. */
  hasEnded(session: SocketSession | undefined, nowMs = Date.now()): boolean {
    if (!session) return false;
    return session.exp * 1000 <= nowMs || session.ver < this.floor || this.ended.has(session.sid);
  }
}
