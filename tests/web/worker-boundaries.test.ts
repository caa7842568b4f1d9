// @vitest-environment node
// The Worker's layers, read from the source itself (here, not in workerd, where the files cannot be
// read). Each folder says what it is, and imports only the layers listed for it:
//
//   protocol/   → nothing         pure shapes and rules, shared with the web app
//   services/   → protocol        pure rules and helpers (and locales/ for i18n): no D1, stubs, bindings, fetch
//   storage/    → nothing         R2 bytes
//   db/         → protocol, services, storage                 D1 queries (releasing a file drops its R2 bytes)
//   providers/  → protocol, services                          Cloudflare's HTTP APIs: TURN, RealtimeKit
//   durable/    → protocol, services, db, providers           the Durable Objects (stubs.ts names them)
//   actions/    → protocol, services, db, durable             a request's steps across D1 and the hubs
//   middleware/ → the above but storage/                      Hono middleware
//   routes/     → all the above                               HTTP sub-apps; only index.ts imports them
//   compat/     → all the above                               the original client's adapter; only index.ts
//                                                             imports it, not even a type (docs/decisions/0093)
//   index.ts    → anything; nothing imports it
//
// A type-only import (`import type`, and every import of env.d.ts) is erased at build, so it may
// name a shape of any layer (services/ name db/'s row types) — except in protocol/, which the web
// app compiles too and which names nothing outside itself.
import { describe, expect, it } from 'vitest';

const LAYERS = [
  'protocol',
  'services',
  'storage',
  'db',
  'providers',
  'durable',
  'actions',
  'middleware',
  'routes',
  'compat',
  'index',
] as const;
type Layer = (typeof LAYERS)[number] | 'locales' | 'app-env' | 'env';

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  protocol: [],
  services: ['protocol', 'locales'],
  storage: [],
  db: ['protocol', 'services', 'storage'],
  providers: ['protocol', 'services'],
  durable: ['protocol', 'services', 'db', 'providers'],
  actions: ['protocol', 'services', 'db', 'durable'],
  middleware: ['protocol', 'services', 'db', 'providers', 'durable', 'actions', 'app-env'],
  routes: ['protocol', 'services', 'storage', 'db', 'providers', 'durable', 'actions', 'middleware', 'app-env'],
  compat: [
    'protocol',
    'services',
    'storage',
    'db',
    'providers',
    'durable',
    'actions',
    'middleware',
    'routes',
    'app-env',
  ],
  index: [
    'compat',
    'protocol',
    'services',
    'storage',
    'db',
    'providers',
    'durable',
    'actions',
    'middleware',
    'routes',
    'app-env',
  ],
  // The Hono context's types (app-env.ts) and the bindings' (env.d.ts): types only, see below.
  'app-env': [],
  env: [],
  locales: [],
};

/** Words that mean D1, R2, a Durable Object, the bindings or the network: none in a pure layer. */
const IMPURE = /\b(?:D1Database|R2Bucket|DurableObject\w*|Env)\b|\bfetch\(|\.prepare\(/;
const PURE_LAYERS: readonly Layer[] = ['protocol', 'services'];

// Vite reads the sources as text (as in import-boundaries.test.ts); keys become repo paths (worker/…).
const SOURCES = Object.entries(
  import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
).map(([key, source]) => ({ file: key.replace(/^(\.\.\/)+/, ''), source }));

/** `dir` joined with a relative specifier, `.` and `..` resolved: a path from the repo root. */
function join(dir: string, specifier: string): string {
  const parts = dir.split('/');
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

const dirOf = (file: string) => file.slice(0, file.lastIndexOf('/'));

/** The layer a repo path (with or without extension) lies in, or null outside the known ones. */
function layerOf(path: string): Layer | null {
  const rest = path.replace(/^worker\//, '').replace(/(\.d)?\.(ts|json)$/, '');
  if (rest === 'index' || rest === 'app-env' || rest === 'env') return rest;
  // A folder imported by its index.ts (`./compat`).
  if ((LAYERS as readonly string[]).includes(rest)) return rest as Layer;
  const folder = rest.split('/')[0]!;
  return rest.includes('/') && (folder === 'locales' || (LAYERS as readonly string[]).includes(folder))
    ? (folder as Layer)
    : null;
}

interface Import {
  file: string;
  specifier: string;
  typeOnly: boolean;
}

/**
 * Every import and re-export with where it comes from: static ones (an `import type` / `export type`
 * is type-only; `import { type A }` is not, it stays as an import), side-effect ones and `import()`.
 */
function importsOf(file: string, source: string): Import[] {
  const inDeclarations = file.endsWith('.d.ts');
  const statics = [
    ...source.matchAll(/^[ \t]*(?:import|export)(\s+type)?\s+[\w$*{},\s]*?\bfrom\s*['"]([^'"\n]+)['"]/gm),
  ].map((m) => ({ file, specifier: m[2]!, typeOnly: inDeclarations || !!m[1] }));
  const bare = [...source.matchAll(/^[ \t]*import\s*['"]([^'"\n]+)['"]/gm)].map((m) => ({
    file,
    specifier: m[1]!,
    typeOnly: inDeclarations,
  }));
  const dynamic = [...source.matchAll(/\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g)].map((m) => ({
    file,
    specifier: m[1]!,
    typeOnly: inDeclarations,
  }));
  return [...statics, ...bare, ...dynamic];
}

/** Why an import breaks the layers, or null when it keeps them. Packages are not layers. */
function breach({ file, specifier, typeOnly }: Import): string | null {
  if (!specifier.startsWith('.')) return null;
  const from = layerOf(file);
  const to = layerOf(join(dirOf(file), specifier));
  if (from === null) return 'the importing file lies in no known layer (add its folder to MAY_IMPORT)';
  if (to === null) return 'the imported file lies in no known layer';
  if (from === to) return null;
  if (from === 'protocol') return 'protocol/ imports nothing outside itself, not even a type (the web app compiles it)';
  if (to === 'compat' && from !== 'index')
    return "only index.ts imports compat/ (the original client's adapter), not even a type";
  if (typeOnly) return null;
  return MAY_IMPORT[from].includes(to)
    ? null
    : `${from}/ may import only ${MAY_IMPORT[from].join(', ') || 'itself'}, not ${to}`;
}

const IMPORTS = SOURCES.flatMap(({ file, source }) => importsOf(file, source));

describe('worker layer boundaries', () => {
  it('reads the imports it checks, every one of them', () => {
    expect(SOURCES.length).toBeGreaterThan(100);
    expect(IMPORTS.length).toBeGreaterThan(500);
    // A looser scan (any `from '…'` or `import '…'`) finds nothing the statement scan missed.
    const loose = SOURCES.flatMap(({ file, source }) =>
      [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"\n]+)['"]/g)].map((m) => `${file} ${m[1]}`),
    );
    const read = new Set(IMPORTS.map((i) => `${i.file} ${i.specifier}`));
    expect(loose.filter((entry) => !read.has(entry))).toEqual([]);
  });

  it('puts every Worker file in a layer', () => {
    expect(SOURCES.map(({ file }) => file).filter((file) => layerOf(file) === null)).toEqual([]);
  });

  it('imports only from the layers each layer may use', () => {
    const breaches = IMPORTS.flatMap((i) => {
      const why = breach(i);
      return why ? [`${i.file}: '${i.specifier}' — ${why}`] : [];
    });
    expect(breaches).toEqual([]);
  });

  it('keeps protocol/ and services/ pure: no D1, R2, Durable Object, bindings or fetch', () => {
    const impure = SOURCES.filter(
      ({ file, source }) => PURE_LAYERS.includes(layerOf(file)!) && IMPURE.test(source),
    ).map(({ file }) => file);
    expect(impure).toEqual([]);
  });

  it('orders the layers one way: none may import a layer that may import it back', () => {
    const reaches = (from: Layer, to: Layer, seen = new Set<Layer>()): boolean =>
      MAY_IMPORT[from].some((next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))));
    expect((Object.keys(MAY_IMPORT) as Layer[]).filter((layer) => reaches(layer, layer))).toEqual([]);
  });
});

describe('the worker boundary rules themselves', () => {
  const at = (file: string, specifier: string, typeOnly = false): Import => ({ file, specifier, typeOnly });

  it('tells type-only imports from the rest', () => {
    const source =
      "import type { A } from '../db/a';\nimport { type B, c } from '../db/b';\nexport type { D } from './d';\nexport * from './e';\nimport {\n  f,\n} from './f';\nimport './g';";
    expect(importsOf('worker/services/x.ts', source).map((i) => [i.specifier, i.typeOnly])).toEqual([
      ['../db/a', true],
      ['../db/b', false],
      ['./d', true],
      ['./e', false],
      ['./f', false],
      ['./g', false],
    ]);
    expect(importsOf('worker/env.d.ts', "type H = import('./durable/hub').Hub;").map((i) => i.typeOnly)).toEqual([
      true,
    ]);
  });

  it('refuses a service that calls D1 or a hub, but lets it name a row type', () => {
    expect(breach(at('worker/services/x.ts', '../db/users'))).toMatch(
      /services\/ may import only protocol, locales, not db/,
    );
    expect(breach(at('worker/services/x.ts', '../durable/stubs'))).toMatch(/not durable/);
    expect(breach(at('worker/services/x.ts', '../db/users', true))).toBeNull();
    expect(breach(at('worker/services/x.ts', '../protocol/ids'))).toBeNull();
    expect(IMPURE.test('export const f = (db: D1Database) => db.prepare(sql);')).toBe(true);
    expect(IMPURE.test("const hub = userHub(env, 1); await fetch('https://x');")).toBe(true);
  });

  it('refuses D1 code that calls a hub, and protocol that names anything outside itself', () => {
    expect(breach(at('worker/db/x.ts', '../durable/stubs'))).toMatch(/not durable/);
    expect(breach(at('worker/db/x.ts', '../middleware/errors'))).toMatch(/not middleware/);
    expect(breach(at('worker/protocol/x.ts', '../services/tokens', true))).toMatch(/protocol\/ imports nothing/);
  });

  it('lets nothing but index.ts import a route, and nothing import index.ts', () => {
    expect(breach(at('worker/durable/x.ts', '../routes/messages'))).toMatch(/not routes/);
    expect(breach(at('worker/actions/x.ts', '../index'))).toMatch(/not index/);
    expect(breach(at('worker/index.ts', './routes/messages'))).toBeNull();
    expect(breach(at('worker/routes/x.ts', '../actions/sessions'))).toBeNull();
  });

  it("lets only index.ts import the original client's adapter, not even a type", () => {
    expect(breach(at('worker/index.ts', './compat'))).toBeNull();
    expect(breach(at('worker/routes/messages.ts', '../compat/text'))).toMatch(/only index.ts imports compat/);
    expect(breach(at('worker/middleware/errors.ts', '../compat/detect', true))).toMatch(/only index.ts imports compat/);
    expect(breach(at('worker/durable/user/sockets.ts', '../../compat/frames'))).toMatch(/only index.ts imports compat/);
    expect(breach(at('worker/protocol/socket.ts', '../compat/frames', true))).toMatch(/protocol\/ imports nothing/);
    // The adapter itself may use the core, down to a route's helpers.
    expect(breach(at('worker/compat/files.ts', '../routes/upload'))).toBeNull();
    expect(breach(at('worker/compat/index.ts', './socket'))).toBeNull();
  });

  it('refuses a file in a folder the matrix does not name', () => {
    expect(breach(at('worker/helpers/x.ts', '../protocol/ids'))).toMatch(/no known layer/);
  });
});

// Inside durable/: one folder per object. A ConversationHub and a member's UserHub only ever talk
// through RPC, so neither folder imports the other, not even a type: what they say to each other is
// durable/contract.ts, and how one reaches the other is durable/stubs.ts (the kernel beside them).
const HUB_FOLDERS = ['conversation', 'user'] as const;

/** The hub folder a repo path lies in, or null for the kernel and everything outside durable/. */
function hubFolderOf(path: string): string | null {
  const match = /^worker\/durable\/([^/]+)\//.exec(path);
  return match && (HUB_FOLDERS as readonly string[]).includes(match[1]!) ? match[1]! : null;
}

/** Why an import crosses from one hub's folder into the other's, or null. */
function crossing({ file, specifier }: Import): string | null {
  if (!specifier.startsWith('.')) return null;
  const from = hubFolderOf(file);
  const to = hubFolderOf(join(dirOf(file), specifier));
  return from && to && from !== to ? `durable/${from}/ reaches into durable/${to}/: go through contract.ts` : null;
}

describe('the hubs’ folders', () => {
  it('keeps each hub in its own folder, the kernel beside them', () => {
    const durable = SOURCES.map(({ file }) => file).filter((file) => file.startsWith('worker/durable/'));
    expect(durable).toContain('worker/durable/conversation/hub.ts');
    expect(durable).toContain('worker/durable/user/hub.ts');
    const loose = durable.filter((file) => !file.slice('worker/durable/'.length).includes('/'));
    expect(loose.sort()).toEqual(
      ['contract.ts', 'metered.ts', 'migrations.ts', 'stubs.ts'].map((f) => `worker/durable/${f}`),
    );
  });

  it('lets neither hub folder import the other', () => {
    const crossings = IMPORTS.flatMap((i) => {
      const why = crossing(i);
      return why ? [`${i.file}: '${i.specifier}' — ${why}`] : [];
    });
    expect(crossings).toEqual([]);
  });

  it('tells a crossing from a use of the contract', () => {
    const at = (file: string, specifier: string): Import => ({ file, specifier, typeOnly: true });
    expect(crossing(at('worker/durable/user/chat-events.ts', '../conversation/chat-state'))).toMatch(/contract/);
    expect(crossing(at('worker/durable/conversation/fanout/x.ts', '../../user/push-notes'))).toMatch(
      /durable\/conversation\/ reaches into durable\/user\//,
    );
    expect(crossing(at('worker/durable/user/chat-events.ts', '../contract'))).toBeNull();
    expect(crossing(at('worker/durable/conversation/hub.ts', './group/ops'))).toBeNull();
  });
});
