// enterprise/group/uploadAvatar: a group's picture, multipart `id` and `file`. The file
// passes the user avatar's checks (avatar-upload.ts); the group's hub decides who may set it (the
// rule of the name, protocol/group-rules.ts) and answers the picture it replaced, whose file goes.
import type { Context } from 'hono';
import * as v from 'valibot';

import { requireKnownGroup } from '../actions/conversation-access';
import type { AppEnv } from '../app-env';
import { avatarUrl } from '../db/avatars';
import { GROUP_AVATAR_SCOPE, releaseFiles } from '../db/files';
import { conversationHub } from '../durable/stubs';
import { mayChangeAvatar } from '../protocol/group-rules';
import { type GroupCard, GroupIdBody } from '../protocol/groups';
import { translate } from '../services/i18n';
import { envelope, refuse, settled } from '../services/replies';
import { readAvatarFile, storeAvatarFile } from './avatar-upload';

/** The file id of a picture URL this route set (`/file/N`); null for anything else. */
const fileIdOf = (url: string) => (/^\/file\/(\d{1,12})$/.exec(url) ? Number(url.slice('/file/'.length)) : null);

export async function uploadGroupAvatar(c: Context<AppEnv>) {
  const me = c.get('me');
  const picture = await readAvatarFile(c);
  const named = v.safeParse(GroupIdBody, { id: picture.form.get('id') ?? '' });
  if (!named.success) throw refuse('system.parameterError');
  const { id } = named.output;
  await requireKnownGroup(c.env.DB, id);
  // Asked before a byte is stored, so a refused upload stores nothing; the hub asks again when it sets it.
  const { card: before } = settled(await conversationHub(c.env, id).groupView(id, me.id));
  if (!mayChangeAvatar({ role: before.role, no_speak_time: 0 }, before.setting)) throw refuse('system.notAuth');
  const stored = await storeAvatarFile(c, picture, me.id, GROUP_AVATAR_SCOPE);
  const release = () => releaseFiles(c.env.DB, c.env.FILES, [stored.file_id]);
  const answer = await conversationHub(c.env, id)
    .groupAvatar(id, me, avatarUrl(stored.file_id))
    .catch(async (error: unknown) => {
      await release();
      throw error;
    });
  if (!answer.ok) await release();
  const { card, previous } = settled(answer);
  const old = fileIdOf(previous);
  if (old !== null)
    c.executionCtx.waitUntil(
      releaseFiles(c.env.DB, c.env.FILES, [old]).catch((e: unknown) =>
        console.warn('old group picture not released', e),
      ),
    );
  return c.json(envelope(card satisfies GroupCard, translate(c.get('lang'), 'system.editOk')));
}
