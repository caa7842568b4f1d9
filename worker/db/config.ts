// D1 access to the global configuration rows.
import { mergeConfig, type ConfigName, type SystemConfig } from '../services/system-config';

export async function loadConfig(db: D1Database): Promise<SystemConfig> {
  const { results } = await db.prepare('SELECT name, value FROM config').all<{ name: string; value: string }>();
  return mergeConfig(results);
}

export async function saveConfig(db: D1Database, name: ConfigName, value: object): Promise<void> {
  await db
    .prepare('INSERT INTO config (name, value, update_time) VALUES (?1, ?2, ?3) ON CONFLICT(name) DO UPDATE SET value = ?2, update_time = ?3')
    .bind(name, JSON.stringify(value), Math.floor(Date.now() / 1000))
    .run();
}
