// The D1 projection of groups (schema.sql `groups`, `group_members`): what getContacts reads to
// know "which groups am I in". Only a group's hub writes it, through its outbox (conversation/fanout/fanout.ts), with
// the whole roster after each change, so applying the newest projection again is harmless and a
// hub evicted mid-change converges when its outbox is retried.
export interface GroupProjection {
  group_id: number;
  name: string;
  owner_id: number;
  avatar: string;
  status: number;
  setting: Record<string, number>;
  /** [user_id, role] of every member; empty once dissolved; absent when only the group row changed. */
  members?: [number, number][];
}

/** Writes the newest of `projections` (a parcel may carry several of one group, in order). */
export async function applyProjections(db: D1Database, projections: GroupProjection[]): Promise<void> {
  // The newest row of each group, and the newest roster among them (a rename after a join still carries the join's).
  const newest = new Map<number, GroupProjection>();
  for (const p of projections) newest.set(p.group_id, { ...p, members: p.members ?? newest.get(p.group_id)?.members });
  const statements: D1PreparedStatement[] = [];
  for (const p of newest.values()) {
    statements.push(
      db
        .prepare(
          'UPDATE groups SET name = ?2, owner_id = ?3, avatar = ?4, status = ?5, setting = ?6 WHERE group_id = ?1',
        )
        .bind(p.group_id, p.name, p.owner_id, p.avatar, p.status, JSON.stringify(p.setting)),
    );
    if (!p.members) continue;
    // The whole roster in one statement, however large the group (500 members are one JSON array).
    statements.push(
      db.prepare('DELETE FROM group_members WHERE group_id = ?1').bind(p.group_id),
      db
        .prepare(
          "INSERT INTO group_members (group_id, user_id, role) SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)",
        )
        .bind(p.group_id, JSON.stringify(p.members)),
    );
  }
  // One batch is one transaction: readers see the old roster or the new, never half.
  if (statements.length > 0) await db.batch(statements);
}

/** A new group's number (its conversation is `group-N`); the hub fills in the rest. */
export async function createGroupRow(db: D1Database, owner: number, name: string, now: number): Promise<number> {
  const row = await db
    .prepare('INSERT INTO groups (name, owner_id, create_time, status) VALUES (?1, ?2, ?3, 1) RETURNING group_id')
    .bind(name, owner, now)
    .first<{ group_id: number }>();
  return row!.group_id;
}

export interface MyGroupRow {
  group_id: number;
  name: string;
  avatar: string;
  owner_id: number;
  setting: string;
  role: number;
  member_count: number;
}

/** My live groups (the projection), with my role and their member counts, for getContacts. */
export async function groupsOf(db: D1Database, user: number): Promise<MyGroupRow[]> {
  const { results } = await db
    .prepare(
      `SELECT g.group_id, g.name, g.avatar, g.owner_id, g.setting, m.role,
        (SELECT COUNT(*) FROM group_members c WHERE c.group_id = g.group_id) AS member_count
      FROM group_members m JOIN groups g USING (group_id) WHERE m.user_id = ?1 AND g.status = 1 ORDER BY g.group_id`,
    )
    .bind(user)
    .all<MyGroupRow>();
  return results;
}

/** Groups I am out of but still have a chat with: their names and pictures, whatever their status. */
export async function formerGroups(db: D1Database, ids: number[]): Promise<MyGroupRow[]> {
  if (ids.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT group_id, name, avatar, owner_id, setting, 0 AS role, 0 AS member_count FROM groups
      WHERE group_id IN (SELECT value FROM json_each(?1)) ORDER BY group_id`,
    )
    .bind(JSON.stringify(ids))
    .all<MyGroupRow>();
  return results;
}

type Collages = Map<number, { name: string; avatar: string }[]>;

/** Up to nine members (owner and admins first) of each live group of mine without a picture, for its collage. */
export async function collagesOf(db: D1Database, user: number): Promise<Collages> {
  return collageRows(
    db
      .prepare(
        collageQuery(
          "SELECT mine.group_id FROM group_members mine JOIN groups g USING (group_id) WHERE mine.user_id = ?1 AND g.status = 1 AND g.avatar = ''",
        ),
      )
      .bind(user),
  );
}

/**
 * The same collage for groups I am out of (`ids`, formerGroups): drawn from who is in them now, so
 * the group keeps its picture in my list after a reload (a dissolved one has nobody left: none).
 */
export async function formerCollagesOf(db: D1Database, ids: number[]): Promise<Collages> {
  if (ids.length === 0) return new Map();
  return collageRows(
    db
      .prepare(
        collageQuery("SELECT group_id FROM groups WHERE group_id IN (SELECT value FROM json_each(?1)) AND avatar = ''"),
      )
      .bind(JSON.stringify(ids)),
  );
}

const collageQuery = (groups: string) =>
  `SELECT group_id, realname, avatar FROM (
    SELECT m.group_id, u.realname, u.avatar, ROW_NUMBER() OVER (PARTITION BY m.group_id ORDER BY m.role, m.user_id) AS n
    FROM group_members m JOIN users u ON u.user_id = m.user_id
    WHERE m.group_id IN (${groups}))
  WHERE n <= 9 ORDER BY group_id, n`;

async function collageRows(statement: D1PreparedStatement): Promise<Collages> {
  const out: Collages = new Map();
  const { results } = await statement.all<{ group_id: number; realname: string; avatar: string | null }>();
  for (const r of results)
    out.set(r.group_id, [...(out.get(r.group_id) ?? []), { name: r.realname, avatar: r.avatar ?? '' }]);
  return out;
}
