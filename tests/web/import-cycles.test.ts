// @vitest-environment node
// No import circle inside worker/ or web/src/: a module that imports a module that imports it back runs one
// of them half-initialised, and a circle ties every file in it into one change. Read from the
// sources (the worker tests run inside workerd, which cannot read files). `import type` and
// `export type` are erased at build, so they never make a runtime circle; `import { type X }`
// does (verbatimModuleSyntax keeps it as a side-effect import). Type-only imports still tie files
// together, so they count too, but for stubs.ts naming the hub classes whose stubs it makes.
import { describe, expect, it } from 'vitest';

const fromRoot = (files: Record<string, string>) =>
  new Map(
    Object.entries(files)
      .filter(([key]) => !key.endsWith('.d.ts'))
      .map(([key, source]) => [key.replace(/^(\.\.\/)+/, ''), source]),
  );
const SOURCES = fromRoot(
  import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
);
const WEB_SOURCES = fromRoot(
  import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
);

/** The path aliases (tsconfig `paths`), as folders from the repo root. */
const ALIASES: Record<string, string> = { '@web/': 'web/src/', '@protocol/': 'worker/protocol/' };
const aliasOf = (specifier: string) => Object.keys(ALIASES).find((alias) => specifier.startsWith(alias));

/** The only module whose type-only imports may close a circle: it names each hub class for its stub. */
const STUBS = 'worker/durable/stubs.ts';

interface Specifier {
  specifier: string;
  /** `import type` / `export type`: erased at build. */
  typeOnly: boolean;
}

/** The relative specifiers of a module: static imports, re-exports, side-effect and dynamic imports. */
function specifiersOf(source: string): Specifier[] {
  const found = source.matchAll(
    /(?:^|[\n;])\s*(import|export)(\s+type\b)?[^'";]*?(?:\bfrom\s*)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]/g,
  );
  return [...found]
    .map((m) => ({ specifier: (m[4] ?? m[3])!, typeOnly: !m[4] && !!m[2] }))
    .filter((s) => s.specifier.startsWith('.') || aliasOf(s.specifier));
}

const runtimeSpecifiersOf = (source: string) => specifiersOf(source).flatMap((s) => (s.typeOnly ? [] : [s.specifier]));

/** `dir` joined with a relative specifier: a path from the repo root, resolved to a known source file. */
function resolve(file: string, specifier: string, known: ReadonlySet<string>): string | null {
  const alias = aliasOf(specifier);
  const parts = alias ? ALIASES[alias]!.split('/').filter(Boolean) : file.split('/').slice(0, -1);
  for (const part of (alias ? specifier.slice(alias.length) : specifier).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/').replace(/\.(tsx?|js)$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((path) => known.has(path)) ?? null;
}

type Graph = Map<string, string[]>;

/** Who imports whom; type-only imports count when `withTypes` says so for the importing file. */
function graphOf(sources: ReadonlyMap<string, string>, withTypes: (file: string) => boolean = () => false): Graph {
  const known = new Set(sources.keys());
  const edges = (file: string, source: string) => specifiersOf(source).filter((s) => !s.typeOnly || withTypes(file));
  return new Map(
    [...sources].map(([file, source]) => [
      file,
      edges(file, source).flatMap((s) => resolve(file, s.specifier, known) ?? []),
    ]),
  );
}

/** Every set of modules that reach each other (Tarjan's strongly connected components), sorted; one-module sets only when they import themselves. */
function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('worker import cycles', () => {
  it('reads the worker sources and their imports', () => {
    const graph = graphOf(SOURCES);
    expect(SOURCES.size).toBeGreaterThan(100);
    expect(graph.get('worker/index.ts')?.length).toBeGreaterThan(5);
  });

  it('has no runtime import circle anywhere in worker/', () => {
    expect(cyclesOf(graphOf(SOURCES))).toEqual([]);
  });

  it('has no circle through type-only imports either, but for stubs.ts naming the hubs', () => {
    expect(cyclesOf(graphOf(SOURCES, (file) => file !== STUBS))).toEqual([]);
  });
});

describe('web import cycles', () => {
  // The web compiles worker/protocol too: its files are part of the graph.
  const sources = new Map([...WEB_SOURCES, ...[...SOURCES].filter(([file]) => file.startsWith('worker/protocol/'))]);

  it('reads the web sources and their imports, aliases included', () => {
    expect(WEB_SOURCES.size).toBeGreaterThan(150);
    const graph = graphOf(sources);
    expect(graph.get('web/src/main.tsx')?.length).toBeGreaterThan(0);
    expect([...graph.values()].flat().some((to) => to.startsWith('worker/protocol/'))).toBe(true);
  });

  it('has no runtime import circle anywhere in web/src/', () => {
    expect(cyclesOf(graphOf(sources))).toEqual([]);
  });
});

describe('the cycle finder itself', () => {
  const sources = (files: Record<string, string>) => new Map(Object.entries(files));

  it('finds static, re-exported, side-effect and dynamic imports, and skips type-only ones', () => {
    const source = [
      "import a from './a';",
      'export { b } from "../b";',
      "import './c';",
      "const d = () => import('./d');",
      "import {\n  e,\n  type E,\n} from './e';",
      "import { type F } from './f';",
      "import type { G } from './g';",
      "export type { H } from './h';",
      "import * as v from 'valibot';",
    ].join('\n');
    expect(runtimeSpecifiersOf(source)).toEqual(['./a', '../b', './c', './d', './e', './f']);
  });

  it('names a circle through three files, and none at runtime when one edge is type-only', () => {
    const circle = {
      'w/a.ts': "import { b } from './b';",
      'w/b.ts': "import { c } from './c';",
      'w/c.ts': "import { a } from './a';\nexport const c = 1;",
    };
    expect(cyclesOf(graphOf(sources(circle)))).toEqual([['w/a.ts', 'w/b.ts', 'w/c.ts']]);
    const typed = sources({ ...circle, 'w/c.ts': "import type { A } from './a';" });
    expect(cyclesOf(graphOf(typed))).toEqual([]);
    expect(cyclesOf(graphOf(typed, () => true))).toEqual([['w/a.ts', 'w/b.ts', 'w/c.ts']]);
    expect(cyclesOf(graphOf(typed, (file) => file !== 'w/c.ts'))).toEqual([]);
  });

  it('follows the path aliases and .tsx files', () => {
    const files = sources({
      'web/src/a.tsx': "import { b } from '@web/lib/b';",
      'web/src/lib/b.ts': "import { A } from '../a';\nimport { p } from '@protocol/p';",
      'worker/protocol/p.ts': 'export const p = 1;',
    });
    expect(graphOf(files).get('web/src/lib/b.ts')).toEqual(['web/src/a.tsx', 'worker/protocol/p.ts']);
    expect(cyclesOf(graphOf(files))).toEqual([['web/src/a.tsx', 'web/src/lib/b.ts']]);
  });

  it('resolves a folder to its index.ts and ignores packages', () => {
    const files = sources({
      'w/x.ts': "import { y } from './y';\nimport { DurableObject } from 'cloudflare:workers';",
      'w/y/index.ts': "import { x } from '../x';",
    });
    expect(cyclesOf(graphOf(files))).toEqual([['w/x.ts', 'w/y/index.ts']]);
  });
});
