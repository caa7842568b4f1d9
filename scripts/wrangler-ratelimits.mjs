// The `[[ratelimits]]` of wrangler.toml as Miniflare options, for the worker tests' config
// (vitest.worker.config.ts), which raises one of them and must pass the others on unchanged.
import { readFileSync } from 'node:fs';

/** @returns {Record<string, { namespace_id: string; simple: { limit: number; period: 10 | 60 } }>} */
export function wranglerRateLimits() {
  const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
  return Object.fromEntries(
    toml
      .split('[[ratelimits]]')
      .slice(1)
      .map((block) => {
        const field = (re) => re.exec(block)?.[1] ?? '';
        const simple = { limit: Number(field(/limit = (\d+)/)), period: Number(field(/period = (\d+)/)) };
        return [field(/name = "(\w+)"/), { namespace_id: field(/namespace_id = "(\w+)"/), simple }];
      }),
  );
}
