// Each hub's folder opens with a README that names its tables, its RPC methods and its alarm. Read
// from the sources here: every public method of the hub class and every table or index its
// folder's SQL creates is named there, so the header cannot drift from the code.
import { describe, expect, it } from 'vitest';

const read = (glob: Record<string, string>) =>
  Object.entries(glob).map(([key, source]) => ({ file: key.replace(/^(\.\.\/)+/, ''), source }));
const SOURCES = read(
  import.meta.glob<string>('../../worker/durable/**/*.ts', { query: '?raw', import: 'default', eager: true }),
);
const READMES = read(
  import.meta.glob<string>('../../worker/durable/*/README.md', { query: '?raw', import: 'default', eager: true }),
);

/** The hub class's RPC surface: its public (not private) async methods, the handlers included. */
export const methodsOf = (source: string) =>
  [...source.matchAll(/^ {2}(?:override )?async (\w+)\s*[<(]/gm)].map((m) => m[1]!);
/** Every table and index the folder's SQL creates. */
export const tablesOf = (sources: string[]) => [
  ...new Set(
    sources.flatMap((s) => [...s.matchAll(/CREATE (?:TABLE|INDEX)(?: IF NOT EXISTS)? (\w+)/g)].map((m) => m[1]!)),
  ),
];
const named = (readme: string, name: string) => new RegExp(`\`${name}\``).test(readme);

describe.each(['conversation', 'user'])('the %s hub folder', (folder) => {
  const readme = READMES.find((r) => r.file === `worker/durable/${folder}/README.md`)?.source ?? '';
  const hub = SOURCES.find((s) => s.file === `worker/durable/${folder}/hub.ts`)?.source ?? '';
  const inFolder = SOURCES.filter((s) => s.file.startsWith(`worker/durable/${folder}/`)).map((s) => s.source);

  it('has a README naming its tables, its RPC methods and its alarm', () => {
    expect(readme).toMatch(/\*\*Tables\*\*/);
    expect(readme).toMatch(/\*\*RPC methods\*\*/);
    expect(readme).toMatch(/\*\*Alarm\*\*/);
    const methods = methodsOf(hub);
    expect(methods).toContain('alarm');
    expect(methods.filter((m) => m !== 'alarm' && !named(readme, m))).toEqual([]);
    const tables = tablesOf(inFolder);
    expect(tables.length).toBeGreaterThan(4);
    expect(tables.filter((t) => !named(readme, t))).toEqual([]);
  });

  it('keeps the hub class within 200 lines', () => {
    const start = hub.split('\n').findIndex((line) => /^export class \w+Hub\b/.test(line));
    const end = hub.split('\n').findIndex((line, i) => i > start && line === '}');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end - start + 1).toBeLessThanOrEqual(200);
  });
});

describe('the README rules themselves', () => {
  it('finds public async methods and created tables, not private ones or queries', () => {
    const source =
      'class X {\n  async send(a) {}\n  override async alarm() {}\n  private async hidden() {}\n  async notify<T>(t) {}\n}';
    expect(methodsOf(source)).toEqual(['send', 'alarm', 'notify']);
    expect(tablesOf(['CREATE TABLE IF NOT EXISTS a (x); SELECT * FROM b; CREATE INDEX a_x ON a (x)'])).toEqual([
      'a',
      'a_x',
    ]);
  });
});
