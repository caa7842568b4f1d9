// The original Raingad web client has one home, worker/compat/, and one name, "the original client"
// (docs/decisions/0093): no file outside that folder asks whether a call comes from it
// (`fromOriginalClient`) or calls it "legacy". Read from the sources, as source-citations.test.ts does.
import { describe, expect, it } from 'vitest';

const SOURCES: Record<string, string> = {
  ...import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../web/src/**/*.{ts,tsx,css,html}', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob<string>('../../web/sw/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../scripts/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../bench/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../**/*.{ts,tsx,mjs,md}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../docs/**/*.md', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>(['../../*.{md,toml,ts,js}', '../../package.json'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};

const THIS_FILE = 'tests/web/original-client-names.test.ts';
/** What only the adapter may say. `LEGACY_` is covered by `legacy` (case-insensitive). */
const FORBIDDEN = /fromOriginalClient|legacy/i;
/** Node's flag in the by-hand build of that client (docs/compatibility.md): another project's word. */
const ALLOWED = /--openssl-legacy-provider/g;
/** A line describing this test (its row in tests/README.md) names the words it looks for. */
const DESCRIBES_THIS = 'original-client-names.test.ts';

/** A glob key as a path from the repository's root (keys are relative to tests/web/). */
const path = (key: string) =>
  key.startsWith('../../')
    ? key.slice(6)
    : key.startsWith('../')
      ? `tests/${key.slice(3)}`
      : `tests/web/${key.slice(2)}`;

/** The lines of `text` that name the original client other than as "original". */
export function offending(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.replace(ALLOWED, ''), n: i + 1 }))
    .filter(({ line }) => FORBIDDEN.test(line) && !line.includes(DESCRIBES_THIS))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

describe('the original client, named once and kept in worker/compat/', () => {
  const files = Object.entries(SOURCES).map(([key, text]) => ({ file: path(key), text }));

  it('reads the files it means to: the Worker, the web app, tests, docs and the root', () => {
    for (const file of [
      'worker/index.ts',
      'worker/compat/index.ts',
      'web/src/main.tsx',
      'tests/README.md',
      'tests/worker/original-client.test.ts',
      'docs/reference-compat.md',
      'README.md',
      'wrangler.toml',
    ])
      expect(files.map((f) => f.file)).toContain(file);
  });

  it('finds fromOriginalClient, legacy and LEGACY_ nowhere outside worker/compat/', () => {
    const found = files
      .filter(({ file }) => !file.startsWith('worker/compat/') && file !== THIS_FILE)
      .flatMap(({ file, text }) => offending(text).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
  });

  it('tells the words it refuses from the one it allows', () => {
    expect(offending('if (fromOriginalClient(c)) x();\nconst LEGACY_DEVICE_PREFIX = 1;\n// the legacy socket')).toEqual(
      ['1: if (fromOriginalClient(c)) x();', '2: const LEGACY_DEVICE_PREFIX = 1;', '3: // the legacy socket'],
    );
    expect(offending('NODE_OPTIONS=--openssl-legacy-provider npx vue-cli-service build')).toEqual([]);
    expect(offending('the original client')).toEqual([]);
    expect(offending('| `web/original-client-names.test.ts` | no `legacy` outside worker/compat/ |')).toEqual([]);
  });
});
