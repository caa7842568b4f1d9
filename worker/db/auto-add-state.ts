// Where registration's automatic extras stand (schema.sql `auto_add_state`): the customer-service
// turn, the current auto group and how many auto groups were made.

type StateName = 'cs_turn' | 'group_id' | 'group_num';

/** Takes the next number of `name` (1 the first time), atomically: two registrations never share one. */
export const nextNumber = async (db: D1Database, name: StateName) =>
  (await db
    .prepare(
      `INSERT INTO auto_add_state (name, value) VALUES (?1, 1)
       ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value`,
    )
    .bind(name)
    .first<number>('value')) ?? 1;

export const readState = async (db: D1Database, name: StateName) =>
  (await db.prepare('SELECT value FROM auto_add_state WHERE name = ?1').bind(name).first<number>('value')) ?? 0;

export const writeState = (db: D1Database, name: StateName, value: number) =>
  db
    .prepare(
      'INSERT INTO auto_add_state (name, value) VALUES (?1, ?2) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
    )
    .bind(name, value)
    .run();

/** The auto group's owner while it is live (null: gone, dissolved or never made). */
export const liveGroupOwner = (db: D1Database, groupId: number) =>
  db.prepare('SELECT owner_id FROM groups WHERE group_id = ?1 AND status = 1').bind(groupId).first<number>('owner_id');
