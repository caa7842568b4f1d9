// common/upload/uploadAvatar: my picture. Images only, at most AVATAR_MAX_MB (and the operator's
// fileUpload.size), the content sniffed, stored under a server-made key; the old avatar's bytes go
// once the new one is set. The client crops to a square first; the bytes are kept as sent.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { AVATAR_SCOPE, insertFile, releaseFiles } from '../db/files';
import { setAvatar } from '../db/avatars';
import { AppError, envelope, refuse } from '../middleware/errors';
import { claimUpload } from '../middleware/rate-limit';
import { CODE } from '../protocol/codes';
import { uploadLimitMb } from '../protocol/config-values';
import { AVATAR_EXT, AVATAR_MAX_MB } from '../protocol/people';
import { contentMatches, imageSize, MIME } from '../services/file-sniff';
import { forgetUser } from '../services/auth-cache';
import { pushProfile } from '../services/profile-push';
import { translate } from '../services/i18n';
import { deleteBytes, putBytes, storageKey } from '../storage/files';
import { FORM_OVERHEAD, readForm } from './upload';

const hard = (key: 'file.uploadLimit' | 'file.typeNotSupport' | 'file.contentMismatch', params?: Record<string, number>) => new AppError(CODE.HARD_REFUSED, key, params);
const isAvatarExt = (ext: string): ext is (typeof AVATAR_EXT)[number] => (AVATAR_EXT as readonly string[]).includes(ext);

export const avatar = new Hono<AppEnv>().post('/uploadavatar', async (c) => {
  const me = c.get('identity').uid;
  const { fileUpload } = await loadConfig(c.env.DB);
  const maxMb = Math.min(AVATAR_MAX_MB, uploadLimitMb(fileUpload.size));
  const form = await readForm(c.req.raw, maxMb * 1024 * 1024 + FORM_OVERHEAD, () => hard('file.uploadLimit', { size: maxMb }));
  const file = form?.get('file');
  if (!form || !(file instanceof File)) throw refuse('system.parameterError');
  const ext = (file.name.includes('.') ? file.name.split('.').pop()! : '').toLowerCase();
  if (!isAvatarExt(ext)) throw hard('file.typeNotSupport');
  if (file.size > maxMb * 1024 * 1024) throw hard('file.uploadLimit', { size: maxMb });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!contentMatches(bytes, ext)) throw hard('file.contentMismatch');

  // Counted once the file passed every check, before a byte is stored: a refusal stores nothing.
  await claimUpload(c, file.size);
  const key = storageKey('avatar', ext);
  const mime = MIME[ext]!;
  await putBytes(c.env.FILES, key, bytes, mime);
  const size = imageSize(bytes, ext);
  const stored = await insertFile(c.env.DB, {
    r2_key: key, user_id: me, conversation_id: AVATAR_SCOPE, cate: 2, name: `avatar.${ext}`, ext, mime, size: file.size,
    width: size?.width ?? 0, height: size?.height ?? 0, duration: 0,
  }).catch(async (error: unknown) => {
    await deleteBytes(c.env.FILES, key);
    throw error;
  });
  const set = await setAvatar(c.env.DB, me, stored.file_id).catch(async (error: unknown) => {
    await releaseFiles(c.env.DB, c.env.FILES, [stored.file_id]);
    throw error;
  });
  // A concurrent upload landed after this one and forgot its row: that one is the avatar.
  if (!set) {
    await deleteBytes(c.env.FILES, key);
    throw refuse('system.fail');
  }
  // The rows went with the change; bytes a failure leaves behind are unreachable, never shown.
  if (set.released.length > 0) await deleteBytes(c.env.FILES, set.released).catch((e: unknown) => console.warn('old avatar bytes not deleted', e));
  forgetUser(me);
  c.executionCtx.waitUntil(pushProfile(c.env, set.row));
  return c.json(envelope({ avatar: set.row.avatar }, translate(c.get('lang'), 'system.editOk')));
});
