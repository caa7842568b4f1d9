// D1 queries of the operator console's Groups page (issue 25 item 5): the projection the group
// hubs keep (groups, group_members), searched and paged; the hubs stay the source of truth.
import { likeWords, offsetOf, paged } from './paged';

export interface ManagedGroup {
  group_id: number;
  name: string;
  avatar: string;
  owner_id: number;
  owner_name: string;
  members: number;
  create_time: number;
}

/** Live groups whose name contains `keywords` (or whose number is it), newest first. */
export async function listGroups(
  db: D1Database,
  q: { page: number; limit: number; keywords: string; demoOnly?: boolean },
): Promise<{ rows: ManagedGroup[]; count: number }> {
  const like = likeWords(q.keywords);
  const demo = q.demoOnly ? 1 : 0;
  // demoOnly: the groups a shared demo account owns (the demo's own console, issue 35 item 9).
  const where = `WHERE g.status = 1 AND (?1 = '' OR g.name LIKE '%' || ?1 || '%' ESCAPE '\\' OR CAST(g.group_id AS TEXT) = ?1)
    AND (?2 = 0 OR EXISTS (SELECT 1 FROM users o WHERE o.user_id = g.owner_id AND o.is_demo = 1))`;
  return paged<ManagedGroup>(
    db,
    db
      .prepare(
        `SELECT g.group_id, g.name, g.avatar, g.owner_id, COALESCE(u.realname, '') AS owner_name, g.create_time,
           (SELECT COUNT(*) FROM group_members m WHERE m.group_id = g.group_id) AS members
         FROM groups g LEFT JOIN users u ON u.user_id = g.owner_id ${where}
         ORDER BY g.group_id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(like, demo, q.limit, offsetOf(q)),
    db.prepare(`SELECT COUNT(*) AS n FROM groups g ${where}`).bind(like, demo),
  );
}

export const liveGroup = (db: D1Database, groupId: number) =>
  db
    .prepare('SELECT group_id, name, owner_id FROM groups WHERE group_id = ?1 AND status = 1')
    .bind(groupId)
    .first<{ group_id: number; name: string; owner_id: number }>();
