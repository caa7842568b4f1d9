// Applies schema.sql to the test file's isolated D1 before its tests run.
import { env } from 'cloudflare:workers';
import { beforeAll } from 'vitest';

import schema from '../../schema.sql?raw';

export function schemaStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.replace(/--.*$/gm, '').trim())
    .filter(Boolean);
}

beforeAll(async () => {
  await env.DB.batch(schemaStatements(schema).map((s) => env.DB.prepare(s)));
});
