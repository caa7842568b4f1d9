// The original web client's preferences (issue 27): one JSON row per user, read by its login.
import { DEFAULT_USER_SETTING, type UserSetting } from '../services/user-view';

export async function readUserSetting(db: D1Database, userId: number): Promise<UserSetting> {
  const row = await db
    .prepare('SELECT setting FROM user_settings WHERE user_id = ?1')
    .bind(userId)
    .first<{ setting: string }>();
  if (!row) return { ...DEFAULT_USER_SETTING };
  try {
    return { ...DEFAULT_USER_SETTING, ...(JSON.parse(row.setting) as Partial<UserSetting>) };
  } catch {
    return { ...DEFAULT_USER_SETTING };
  }
}

export const saveUserSetting = (db: D1Database, userId: number, setting: UserSetting) =>
  db
    .prepare(
      `INSERT INTO user_settings (user_id, setting, update_time) VALUES (?1, ?2, ?3)
       ON CONFLICT(user_id) DO UPDATE SET setting = excluded.setting, update_time = excluded.update_time`,
    )
    .bind(userId, JSON.stringify(setting), Date.now())
    .run();
