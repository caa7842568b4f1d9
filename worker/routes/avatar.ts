// common/upload/uploadAvatar: my picture (the checks and storage in avatar-upload.ts, shared with a
// group's picture); the old avatar's bytes go once the new one is set.
import { Hono } from 'hono';

import { pushProfile } from '../actions/profile-push';
import type { AppEnv } from '../app-env';
import { setAvatar } from '../db/avatars';
import { AVATAR_SCOPE, releaseFiles } from '../db/files';
import type { AvatarResult } from '../protocol/people';
import { forgetUser } from '../services/auth-cache';
import { translate } from '../services/i18n';
import { envelope, refuse } from '../services/replies';
import { deleteBytes } from '../storage/files';
import { readAvatarFile, storeAvatarFile } from './avatar-upload';

export const avatar = new Hono<AppEnv>().post('/uploadavatar', async (c) => {
  const me = c.get('identity').uid;
  const picture = await readAvatarFile(c);
  const stored = await storeAvatarFile(c, picture, me, AVATAR_SCOPE);
  const set = await setAvatar(c.env.DB, me, stored.file_id).catch(async (error: unknown) => {
    await releaseFiles(c.env.DB, c.env.FILES, [stored.file_id]);
    throw error;
  });
  // A concurrent upload landed after this one and forgot its row: that one is the avatar.
  if (!set) {
    await deleteBytes(c.env.FILES, stored.r2_key);
    throw refuse('system.fail');
  }
  // The rows went with the change; bytes a failure leaves behind are unreachable, never shown.
  if (set.released.length > 0)
    await deleteBytes(c.env.FILES, set.released).catch((e: unknown) => console.warn('old avatar bytes not deleted', e));
  forgetUser(me);
  c.executionCtx.waitUntil(pushProfile(c.env, set.row));
  return c.json(envelope({ avatar: set.row.avatar } satisfies AvatarResult, translate(c.get('lang'), 'system.editOk')));
});
