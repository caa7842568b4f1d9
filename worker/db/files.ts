// D1 rows describing uploaded files; the bytes are in R2 under `r2_key`.
import { deleteBytes } from '../storage/files';

export interface FileRow {
  file_id: number;
  r2_key: string;
  user_id: number;
  conversation_id: string;
  cate: number;
  name: string;
  ext: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  duration: number;
}

/** The `conversation_id` of avatar files: not a conversation; every signed-in user may see them. */
export const AVATAR_SCOPE = 'avatar';
/** The `conversation_id` of group pictures (routes/group-avatar.ts): seen by every signed-in user, as avatars are (a group's QR page shows it). */
export const GROUP_AVATAR_SCOPE = 'group-avatar';

export async function insertFile(db: D1Database, f: Omit<FileRow, 'file_id'>): Promise<FileRow> {
  const row = await db
    .prepare(
      `INSERT INTO files (r2_key, user_id, conversation_id, cate, name, ext, mime, size, width, height, duration, create_time)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING *`,
    )
    .bind(
      f.r2_key,
      f.user_id,
      f.conversation_id,
      f.cate,
      f.name,
      f.ext,
      f.mime,
      f.size,
      f.width,
      f.height,
      f.duration,
      Math.floor(Date.now() / 1000),
    )
    .first<FileRow>();
  return row!;
}

export const findFile = (db: D1Database, fileId: number) =>
  db.prepare('SELECT * FROM files WHERE file_id = ?1').bind(fileId).first<FileRow>();

/**
 * A row for `fileId`'s bytes bound to another conversation (a forward), or null when the file is
 * gone. One statement, so it cannot land between a release's delete and its look for sharers.
 */
export function copyFileTo(
  db: D1Database,
  fileId: number,
  conversation: string,
  userId: number,
): Promise<FileRow | null> {
  return db
    .prepare(
      `INSERT INTO files (r2_key, user_id, conversation_id, cate, name, ext, mime, size, width, height, duration, create_time)
       SELECT r2_key, ?2, ?3, cate, name, ext, mime, size, width, height, duration, ?4 FROM files WHERE file_id = ?1 RETURNING *`,
    )
    .bind(fileId, userId, conversation, Math.floor(Date.now() / 1000))
    .first<FileRow>();
}

/** D1 binds at most 100 parameters per statement. */
const CHUNK = 90;

/**
 * Forgets files nobody may see any more (a recalled message's, or past retention), so their URLs
 * answer as for an unknown file, and deletes their bytes unless another row still shares them (a
 * forwarded copy is a separate message and keeps its own). Deleting the rows first means a failure
 * can leave bytes behind in R2 but never a file someone may still download.
 */
export async function releaseFiles(db: D1Database, bucket: R2Bucket, fileIds: readonly number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += CHUNK) {
    const ids = fileIds.slice(i, i + CHUNK);
    const marks = ids.map((_, n) => `?${n + 1}`).join(',');
    const dropped = await db
      .prepare(`DELETE FROM files WHERE file_id IN (${marks}) RETURNING r2_key`)
      .bind(...ids)
      .all<{ r2_key: string }>();
    const keys = [...new Set(dropped.results.map((r) => r.r2_key))];
    if (keys.length === 0) continue;
    const kept = await db
      .prepare(`SELECT DISTINCT r2_key FROM files WHERE r2_key IN (${keys.map((_, n) => `?${n + 1}`).join(',')})`)
      .bind(...keys)
      .all<{ r2_key: string }>();
    const shared = new Set(kept.results.map((r) => r.r2_key));
    const unshared = keys.filter((key) => !shared.has(key));
    if (unshared.length > 0) await deleteBytes(bucket, unshared);
  }
}
