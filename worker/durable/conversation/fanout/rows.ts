// The fan-out's rows (conversation/fanout/fanout.ts): the `fanout` table that keeps them, and how a batch of them
// becomes one parcel per member. The table has one row per event naming the members it is for, so
// a group message is one row, not one per member. Its id is a plain rowid (no AUTOINCREMENT, which
// costs a page write per message): an id is reused only after its row was acknowledged by everyone
// and deleted, and nothing refers to a deleted row.
import type { HubEvent } from '../../contract';
import type { MigrationStep } from '../../migrations';
import { PARK_FROM } from './parking';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS fanout (id INTEGER PRIMARY KEY, users TEXT NOT NULL, event TEXT NOT NULL)';

/** Until the fan-out table, the outbox held one row per member and event; its rows move over once. */
const MIGRATE_OUTBOX = `
INSERT INTO fanout (users, event) SELECT '[' || user_id || ']', event FROM outbox ORDER BY id;
DROP TABLE outbox;
`;

/** An undelivered event and the members who have not acknowledged it yet. */
export interface OutboxRow {
  id: number;
  waiting: number[];
  event: HubEvent;
  /** A big group's event (conversation/fanout/parking.ts): members without a socket get it when they come back. */
  parkable: boolean;
}

/** What one member's hub gets in one round: the events, and the rows they came from. */
export interface Parcel {
  ids: number[];
  events: HubEvent[];
  /** Every event was caused by this member (their own copies): it waits for everyone else's. */
  ownOnly: boolean;
  /** Some event is a big group's: the member's hub says whether it had a socket, to park them. */
  parkable: boolean;
}

/** The fan-out's schema steps (durable/migrations.ts); step 1 also moves an old outbox's rows over. */
export const FANOUT_STEPS: readonly MigrationStep[] = [
  (sql) => {
    sql.exec(SCHEMA);
    if (sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").toArray().length > 0)
      sql.exec(MIGRATE_OUTBOX);
  },
];

/** Every row, oldest first. */
export function readOutbox(sql: SqlStorage): OutboxRow[] {
  return sql
    .exec('SELECT id, users, event FROM fanout ORDER BY id')
    .toArray()
    .map((r) => {
      const users = JSON.parse(String(r.users)) as number[];
      return {
        id: Number(r.id),
        waiting: users,
        event: JSON.parse(String(r.event)) as HubEvent,
        parkable: users.length >= PARK_FROM,
      };
    });
}

/** One row for the event, however many members it goes to. */
export function insertRow(sql: SqlStorage, users: number[], event: HubEvent): OutboxRow {
  const id = Number(
    sql
      .exec(
        'INSERT INTO fanout (users, event) VALUES (?, ?) RETURNING id',
        JSON.stringify(users),
        JSON.stringify(event),
      )
      .one().id,
  );
  return { id, waiting: [...users], event, parkable: users.length >= PARK_FROM };
}

/** Deletes the rows every member acknowledged. */
export function deleteRows(sql: SqlStorage, ids: number[]): void {
  // Durable Object SQL binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    sql.exec(`DELETE FROM fanout WHERE id IN (${chunk.map(() => '?').join(',')})`, ...chunk);
  }
}

/** One parcel per member still waiting for some row of the batch, leaving out those `skips` names. */
export function parcelsOf(batch: OutboxRow[], skips: (row: OutboxRow, user: number) => boolean): Map<number, Parcel> {
  const byUser = new Map<number, Parcel>();
  for (const row of batch) {
    for (const user of row.waiting) {
      if (skips(row, user)) continue;
      const parcel = byUser.get(user) ?? { ids: [], events: [], ownOnly: true, parkable: false };
      parcel.ids.push(row.id);
      parcel.events.push(row.event);
      parcel.ownOnly &&= actorOf(row.event) === user;
      parcel.parkable ||= row.parkable;
      byUser.set(user, parcel);
    }
  }
  return byUser;
}

/** Who caused an event: the sender of a message or recall, the reader of a read mark; nobody for retention. */
function actorOf(event: HubEvent): number {
  if (event.kind === 'pruned' || event.kind === 'projection') return 0;
  if (event.kind === 'groupEvent') return event.actor;
  return event.kind === 'read' || event.kind === 'groupRead' ? event.reader : event.message.from_user;
}
