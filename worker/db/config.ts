// D1 access to the global configuration rows.
import { mergeConfig, type SystemConfig } from '../services/system-config';

// Every request reads the configuration; an isolate keeps it for a few seconds so the message
// path does not pay a D1 round trip per send. A changed row is seen within CACHE_MS (at once by
// an isolate that calls forgetConfig).
const CACHE_MS = 10_000;
let cached: { at: number; config: Promise<SystemConfig> } | null = null;

export function loadConfig(db: D1Database): Promise<SystemConfig> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.config;
  const config = db
    .prepare('SELECT name, value FROM config')
    .all<{ name: string; value: string }>()
    .then(({ results }) => mergeConfig(results));
  cached = { at: Date.now(), config };
  config.catch(() => (cached = null));
  return config;
}

export function forgetConfig(): void {
  cached = null;
}
