// A user's avatar: one `files` row (AVATAR_SCOPE) whose URL is users.avatar. Setting a new one
// forgets the user's other avatar rows in the same transaction, so whichever of two concurrent
// uploads lands last is the avatar and nothing is left pointing at a forgotten file.
import { AVATAR_SCOPE } from './files';
import type { UserRow } from './users';

export const avatarUrl = (fileId: number) => `/file/${fileId}`;

/**
 * Makes file `fileId` (already inserted, AVATAR_SCOPE) the avatar of `userId`. Answers the user's
 * row and the R2 keys of the avatars it replaced (to delete), or null when the file row was
 * forgotten meanwhile by a concurrent upload that landed after it.
 */
export async function setAvatar(
  db: D1Database,
  userId: number,
  fileId: number,
): Promise<{ row: UserRow; released: string[] } | null> {
  const [released, updated] = await db.batch([
    db
      .prepare(
        `DELETE FROM files WHERE user_id = ?1 AND conversation_id = ?3 AND file_id <> ?2
           AND EXISTS (SELECT 1 FROM files WHERE file_id = ?2) RETURNING r2_key`,
      )
      .bind(userId, fileId, AVATAR_SCOPE),
    db
      .prepare(
        'UPDATE users SET avatar = ?3, update_time = unixepoch() WHERE user_id = ?1 AND EXISTS (SELECT 1 FROM files WHERE file_id = ?2) RETURNING *',
      )
      .bind(userId, fileId, avatarUrl(fileId)),
  ]);
  const row = (updated!.results as UserRow[])[0];
  return row ? { row, released: (released!.results as { r2_key: string }[]).map((r) => r.r2_key) } : null;
}
