// D1 access to the global configuration rows.
import { mergeConfig, type ConfigName, type SystemConfig } from '../services/system-config';

// Every request reads the configuration; an isolate keeps it for a few seconds so the message
// path does not pay a D1 round trip per send. A saved change is seen at once by the isolate
// that saved it and within CACHE_MS by the others.
const CACHE_MS = 10_000;
let cached: { at: number; config: Promise<SystemConfig> } | null = null;

export function loadConfig(db: D1Database): Promise<SystemConfig> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
  const config = db.prepare('SELECT name, value FROM config').all<{ name: string; value: string }>().then(({ results }) => mergeConfig(results));
  cached = { at: Date.now(), config };
  config.catch(() => (cached = null));
  return config;
}

export function forgetConfig(): void {
  cached = null;
}

export async function saveConfig(db: D1Database, name: ConfigName, value: object): Promise<void> {
  await db
    .prepare('INSERT INTO config (name, value, update_time) VALUES (?1, ?2, ?3) ON CONFLICT(name) DO UPDATE SET value = ?2, update_time = ?3')
    .bind(name, JSON.stringify(value), Math.floor(Date.now() / 1000))
    .run();
  forgetConfig();
}
