// The original web client's preferences: one JSON row per user, read by its login.
import * as v from 'valibot';

import { UserSettingBody } from '../protocol/account';
import { parseJsonOrNull } from '../protocol/json';
import { DEFAULT_USER_SETTING, type UserSetting } from '../services/user-view';

export async function readUserSetting(db: D1Database, userId: number): Promise<UserSetting> {
  const row = await db
    .prepare('SELECT setting FROM user_settings WHERE user_id = ?1')
    .bind(userId)
    .first<{ setting: string }>();
  // Stored by the route after the same validation; a row that no longer passes it counts as none.
  const stored = v.safeParse(UserSettingBody, parseJsonOrNull(row?.setting));
  return { ...DEFAULT_USER_SETTING, ...(stored.success ? stored.output : {}) };
}

export const saveUserSetting = (db: D1Database, userId: number, setting: UserSetting) =>
  db
    .prepare(
      `INSERT INTO user_settings (user_id, setting, update_time) VALUES (?1, ?2, ?3)
       ON CONFLICT(user_id) DO UPDATE SET setting = excluded.setting, update_time = excluded.update_time`,
    )
    .bind(userId, JSON.stringify(setting), Date.now())
    .run();
