// The console's lists (users, groups, invitations, reports, announcements, the audit trail): one
// page and how many rows match in all, in one D1 round trip, and the pieces each list's SQL shares.

export interface Page<T> {
  rows: T[];
  count: number;
}

/** Runs `page` (the rows) and `count` (`SELECT COUNT(*) AS n …`) as one batch. */
export async function paged<T>(
  db: D1Database,
  page: D1PreparedStatement,
  count: D1PreparedStatement,
): Promise<Page<T>> {
  const [rows, total] = await db.batch([page, count]);
  return { rows: rows!.results as T[], count: Number((total!.results[0] as { n: number }).n) };
}

/** The OFFSET of page `page` (from 1) of `limit` rows. */
export const offsetOf = (q: { page: number; limit: number }) => (q.page - 1) * q.limit;

/** Search words for `LIKE '%' || ? || '%' ESCAPE '\'` (the lists, and a conversation's message search): "%" and "_" are searched for, not wildcards. */
export const likeWords = (keywords: string) => keywords.replace(/[\\%_]/g, (c) => `\\${c}`);
