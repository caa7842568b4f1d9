// The picture upload shared by a user's avatar (avatar.ts) and a group's (conversation/group/avatar.ts): images
// only, at most AVATAR_MAX_MB (and the operator's fileUpload.size), the content sniffed, counted
// against the upload limit, stored under a server-made key with its `files` row. The client crops
// to a square first; the bytes are kept as sent.
import type { Context } from 'hono';

import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { type FileRow, insertFile } from '../db/files';
import { claimUpload } from '../middleware/rate-limit';
import { CODE } from '../protocol/codes';
import { uploadLimitMb } from '../protocol/config-values';
import { AVATAR_EXT, AVATAR_MAX_MB } from '../protocol/people';
import { contentMatches, imageSize, MIME } from '../services/file-sniff';
import { AppError, refuse } from '../services/replies';
import { deleteBytes, putBytes, storageKey } from '../storage/files';
import { FORM_OVERHEAD, readForm } from './upload';

const hard = (
  key: 'file.uploadLimit' | 'file.typeNotSupport' | 'file.contentMismatch',
  params?: Record<string, number>,
) => new AppError(CODE.HARD_REFUSED, key, params);
const isAvatarExt = (ext: string): ext is (typeof AVATAR_EXT)[number] =>
  (AVATAR_EXT as readonly string[]).includes(ext);

export interface AvatarFile {
  /** The whole form, for the fields that come with the file (a group's `id`). */
  form: FormData;
  bytes: Uint8Array;
  ext: (typeof AVATAR_EXT)[number];
  size: number;
}

/** The picture of a multipart request, every check made; nothing is stored yet. */
export async function readAvatarFile(c: Context<AppEnv>): Promise<AvatarFile> {
  const { fileUpload } = await loadConfig(c.env.DB);
  const maxMb = Math.min(AVATAR_MAX_MB, uploadLimitMb(fileUpload.size));
  const form = await readForm(c.req.raw, maxMb * 1024 * 1024 + FORM_OVERHEAD, () =>
    hard('file.uploadLimit', { size: maxMb }),
  );
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw refuse('system.parameterError');
  const ext = (file.name.includes('.') ? file.name.split('.').pop()! : '').toLowerCase();
  if (!isAvatarExt(ext)) throw hard('file.typeNotSupport');
  if (file.size > maxMb * 1024 * 1024) throw hard('file.uploadLimit', { size: maxMb });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(bytes, ext)) throw hard('file.contentMismatch');
  return { form, bytes, ext, size: file.size };
}

/**
 * Stores the picture and its `files` row under `scope` (who may download it, routes/upload.ts).
 * Counted once the file passed every check, before a byte is stored: a refusal stores nothing.
 */
export async function storeAvatarFile(
  c: Context<AppEnv>,
  picture: AvatarFile,
  owner: number,
  scope: string,
): Promise<FileRow> {
  await claimUpload(c, picture.size);
  const key = storageKey('avatar', picture.ext);
  const mime = MIME[picture.ext]!;
  await putBytes(c.env.FILES, key, picture.bytes, mime);
  const size = imageSize(picture.bytes, picture.ext);
  return insertFile(c.env.DB, {
    r2_key: key,
    user_id: owner,
    conversation_id: scope,
    cate: 2,
    name: `avatar.${picture.ext}`,
    ext: picture.ext,
    mime,
    size: picture.size,
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    duration: 0,
  }).catch(async (error: unknown) => {
    await deleteBytes(c.env.FILES, key);
    throw error;
  });
}
