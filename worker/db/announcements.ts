// Announcements: written by a super admin in the console, read by every user.
import { offsetOf, paged } from './paged';

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  author_id: number;
  status: number;
  create_time: number;
  update_time: number;
}

const COLUMNS = 'id, title, content, author_id, status, create_time, update_time';

/** A new announcement, or a change to `id`'s (null when it names none still shown). */
export const saveAnnouncement = (db: D1Database, a: { id?: number; title: string; content: string; author: number }) =>
  a.id
    ? db
        .prepare(
          `UPDATE announcements SET title = ?2, content = ?3, update_time = unixepoch() WHERE id = ?1 AND status = 1 RETURNING ${COLUMNS}`,
        )
        .bind(a.id, a.title, a.content)
        .first<AnnouncementRow>()
    : db
        .prepare(
          `INSERT INTO announcements (title, content, author_id, create_time, update_time)
           VALUES (?1, ?2, ?3, unixepoch(), unixepoch()) RETURNING ${COLUMNS}`,
        )
        .bind(a.title, a.content, a.author)
        .first<AnnouncementRow>();

export const deleteAnnouncement = (db: D1Database, id: number) =>
  db
    .prepare(
      `UPDATE announcements SET status = 0, update_time = unixepoch() WHERE id = ?1 AND status = 1 RETURNING ${COLUMNS}`,
    )
    .bind(id)
    .first<AnnouncementRow>();

/** The announcements still shown, newest first, a page at a time, with how many there are. */
export async function listAnnouncements(
  db: D1Database,
  q: { page: number; limit: number },
): Promise<{ rows: AnnouncementRow[]; count: number }> {
  return paged<AnnouncementRow>(
    db,
    db
      .prepare(`SELECT ${COLUMNS} FROM announcements WHERE status = 1 ORDER BY id DESC LIMIT ?1 OFFSET ?2`)
      .bind(q.limit, offsetOf(q)),
    db.prepare('SELECT COUNT(*) AS n FROM announcements WHERE status = 1'),
  );
}
