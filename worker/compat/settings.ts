// The original web client's preferences (the reference's enterprise/im/setting): kept whole per user,
// answered by its login and by getUserInfo of oneself (answers.ts).
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { readUserSetting, saveUserSetting } from '../db/user-settings';
import { requireAuth } from '../middleware/auth';
import { input, readParams } from '../middleware/params';
import { type UserSetting, UserSettingBody } from '../protocol/account';
import { envelope } from '../services/replies';

export const settings = new Hono<AppEnv>().post('/setting', readParams, requireAuth, async (c) => {
  const body = input(c, UserSettingBody);
  const me = c.get('identity').uid;
  const setting = { ...(await readUserSetting(c.env.DB, me)), ...body };
  await saveUserSetting(c.env.DB, me, setting);
  return c.json(envelope(setting satisfies UserSetting));
});
