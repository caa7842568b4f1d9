// D1 queries of the operator console's Groups page: the projection the group
// hubs keep (groups, group_members), searched and paged; the hubs stay the source of truth.
import type { ManagedGroup } from '../protocol/console';
import { foldedMatch } from '../services/console-search';
import { offsetOf, paged } from './paged';

/** A group row as the console answers it (its schema: protocol/console.ts). */
export type { ManagedGroup } from '../protocol/console';

const SELECT = `SELECT g.group_id, g.name, g.avatar, g.owner_id, COALESCE(u.realname, '') AS owner_name, g.create_time,
    (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.group_id) AS members
  FROM groups g LEFT JOIN users u ON u.user_id = g.owner_id`;
// demoOnly: the groups a shared demo account owns (the demo's own console).
const FILTER = `WHERE g.status = 1
  AND (?1 = 0 OR EXISTS (SELECT 1 FROM users o WHERE o.user_id = g.owner_id AND o.is_demo = 1))`;

/**
 * Live groups whose name contains `keywords` (Vietnamese diacritics and case ignored, matched here:
 * services/console-search.ts) or whose number is it, newest first.
 */
export async function listGroups(
  db: D1Database,
  q: { page: number; limit: number; keywords: string; demoOnly?: boolean },
): Promise<{ rows: ManagedGroup[]; count: number }> {
  const demo = q.demoOnly ? 1 : 0;
  if (q.keywords.trim() === '')
    return paged<ManagedGroup>(
      db,
      db.prepare(`${SELECT} ${FILTER} ORDER BY g.group_id DESC LIMIT ?2 OFFSET ?3`).bind(demo, q.limit, offsetOf(q)),
      db.prepare(`SELECT COUNT(*) AS n FROM groups g ${FILTER}`).bind(demo),
    );
  const { results } = await db
    .prepare(`SELECT g.group_id, g.name FROM groups g ${FILTER} ORDER BY g.group_id DESC`)
    .bind(demo)
    .all<{ group_id: number; name: string }>();
  const wanted = q.keywords.trim();
  const found = results.filter((g) => String(g.group_id) === wanted || foldedMatch(wanted, [g.name]));
  const ids = found.slice(offsetOf(q), offsetOf(q) + q.limit).map((g) => g.group_id);
  if (ids.length === 0) return { rows: [], count: found.length };
  const rows = await db
    .prepare(`${SELECT} WHERE g.group_id IN (SELECT value FROM json_each(?1)) ORDER BY g.group_id DESC`)
    .bind(JSON.stringify(ids))
    .all<ManagedGroup>();
  return { rows: rows.results, count: found.length };
}

export const liveGroup = (db: D1Database, groupId: number) =>
  db
    .prepare('SELECT group_id, name, owner_id FROM groups WHERE group_id = ?1 AND status = 1')
    .bind(groupId)
    .first<{ group_id: number; name: string; owner_id: number }>();
