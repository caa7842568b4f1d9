// D1 rows describing uploaded files; the bytes are in R2 under `r2_key`.
import { deleteBytes } from '../storage/files';
import { likeWords } from './paged';

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

export interface ChatFileRow extends FileRow {
  create_time: number;
  realname: string | null;
  avatar: string | null;
}

/** What the file panel asks of D1: `cate` 0 is every kind; `role` 1 mine, 2 others'. */
export interface ChatFileQuery {
  me: number;
  cate: number;
  role: number;
  keywords: string;
}

const FILE_FILTER = `(?2 = 0 OR f.cate = ?2)
    AND (?3 = 0 OR (?3 = 1 AND f.user_id = ?4) OR (?3 = 2 AND f.user_id != ?4))
    AND (?5 = '' OR f.name LIKE '%' || ?5 || '%' ESCAPE '\\')`;

const filterArgs = (q: ChatFileQuery) => [q.cate, q.role, q.me, likeWords(q.keywords)];

/**
 * Which of `conversations` hold files the query matches, the one with the newest such file first:
 * the file panel asks only these groups' hubs for the caller's floor. The list travels as one JSON
 * value (D1 binds at most 100 values).
 */
export async function conversationsWithFiles(
  db: D1Database,
  conversations: string[],
  q: ChatFileQuery,
): Promise<string[]> {
  if (conversations.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT f.conversation_id AS c FROM files f
       WHERE f.conversation_id IN (SELECT value FROM json_each(?1)) AND ${FILE_FILTER}
       GROUP BY f.conversation_id ORDER BY MAX(f.file_id) DESC`,
    )
    .bind(JSON.stringify(conversations), ...filterArgs(q))
    .all<{ c: string }>();
  return results.map((row) => row.c);
}

/**
 * One page of the files of `chats` (the original client's file panel), newest first, with their
 * uploader's name and picture, and how many there are: in each chat only files stored at or after
 * its `floor` (seconds; a late joiner's join time, conversation/visibility.ts) and not `hidden`, so the count, the
 * keyword filter and the paging see exactly what the caller may see.
 */
export async function findChatFiles(
  db: D1Database,
  chats: { conversation: string; floor: number; hidden: number[] }[],
  q: ChatFileQuery & { offset: number; limit: number },
): Promise<{ rows: ChatFileRow[]; count: number }> {
  if (chats.length === 0) return { rows: [], count: 0 };
  const visible = `WITH chats(c, floor, hidden) AS (SELECT value ->> '$[0]', value ->> '$[1]', value -> '$[2]' FROM json_each(?1))`;
  const from = `files f JOIN chats ON chats.c = f.conversation_id AND f.create_time >= chats.floor
    AND f.file_id NOT IN (SELECT value FROM json_each(chats.hidden))`;
  const args = [JSON.stringify(chats.map((chat) => [chat.conversation, chat.floor, chat.hidden])), ...filterArgs(q)];
  const [page, total] = await db.batch([
    db
      .prepare(
        `${visible} SELECT f.*, u.realname, u.avatar FROM ${from} LEFT JOIN users u ON u.user_id = f.user_id
         WHERE ${FILE_FILTER} ORDER BY f.file_id DESC LIMIT ?6 OFFSET ?7`,
      )
      .bind(...args, q.limit, q.offset),
    db.prepare(`${visible} SELECT COUNT(*) AS n FROM ${from} WHERE ${FILE_FILTER}`).bind(...args),
  ]);
  return {
    rows: (page!.results ?? []) as ChatFileRow[],
    count: ((total!.results?.[0] as { n: number }) ?? { n: 0 }).n,
  };
}
