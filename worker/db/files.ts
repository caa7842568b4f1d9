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

export async function insertFile(db: D1Database, f: Omit<FileRow, 'file_id'>): Promise<FileRow> {
  const row = await db
    .prepare(
      `INSERT INTO files (r2_key, user_id, conversation_id, cate, name, ext, mime, size, width, height, duration, create_time)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING *`,
    )
    .bind(f.r2_key, f.user_id, f.conversation_id, f.cate, f.name, f.ext, f.mime, f.size, f.width, f.height, f.duration, Math.floor(Date.now() / 1000))
    .first<FileRow>();
  return row!;
}

export const findFile = (db: D1Database, fileId: number) => db.prepare('SELECT * FROM files WHERE file_id = ?1').bind(fileId).first<FileRow>();

export async function copyFileTo(db: D1Database, fileId: number, conversation: string, userId: number): Promise<FileRow | null> {
  const source = await findFile(db, fileId);
  if (!source) return null;
  const { file_id: _drop, ...rest } = source;
  return insertFile(db, { ...rest, conversation_id: conversation, user_id: userId });
}

/**
 * Forgets a file row, so its URL answers as for an unknown file. Returns the R2 key when no other
 * row shares the bytes (a forwarded copy keeps them), so the caller deletes the object; else null.
 */
export async function dropFile(db: D1Database, fileId: number): Promise<string | null> {
  const row = await db.prepare('DELETE FROM files WHERE file_id = ?1 RETURNING r2_key').bind(fileId).first<{ r2_key: string }>();
  if (!row) return null;
  const shared = await db.prepare('SELECT 1 FROM files WHERE r2_key = ?1 LIMIT 1').bind(row.r2_key).first();
  return shared ? null : row.r2_key;
}

/** Forgets a file nobody may see any more (recalled or past retention); its bytes go unless a forwarded copy shares them. */
export async function releaseFile(db: D1Database, bucket: R2Bucket, fileId: number): Promise<void> {
  const key = await dropFile(db, fileId);
  if (key) await deleteBytes(bucket, key);
}
