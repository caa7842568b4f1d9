// @vitest-environment node
// The web app's import rules, read from the source itself: from the Worker it may import only the
// shared protocol, and a feature folder is entered only through its index.ts, so the features
// depend on each other one way and each keeps its insides to itself.
import { describe, expect, it } from 'vitest';

const WEB = 'web/src';
const FEATURES = `${WEB}/features`;

// Vite reads the sources as text (as in locales.test.ts); keys become repo paths (web/src/…).
const SOURCES = Object.entries(
  import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
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

/** Every module specifier in static imports and re-exports, side-effect imports and `import()`. */
function specifiersOf(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"\n]+)['"]/g);
  return [...found].map((match) => match[1]!);
}

interface Import {
  file: string;
  specifier: string;
  /** The target as a repo path without extension (`web/src/features/chat/index`), or null for a package. */
  target: string | null;
}

// The path aliases of tsconfig.json, so `@web/features/chat/…` is checked as the relative path would be.
const ALIASES: Record<string, string> = { '@web/': `${WEB}/`, '@protocol/': 'worker/protocol/' };

/** What `specifier` in `file` names, as a repo path without extension, or null for a package. */
function targetOf(file: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  if (alias) return `${ALIASES[alias]}${specifier.slice(alias.length)}`.replace(/\.(tsx?|json)$/, '');
  return specifier.startsWith('.') ? join(dirOf(file), specifier).replace(/\.(tsx?|json)$/, '') : null;
}

function importsOf(file: string, source: string): Import[] {
  return specifiersOf(source).map((specifier) => ({ file, specifier, target: targetOf(file, specifier) }));
}

/** The feature a repo path lies in (`chat` for web/src/features/chat/…), or null. */
const featureOf = (path: string) =>
  path.startsWith(`${FEATURES}/`) ? path.slice(FEATURES.length + 1).split('/')[0]! : null;

/** Why an import breaks a rule, or null when it keeps them all. */
function breach({ file, target }: Import): string | null {
  if (target === null) return null;
  if (target.startsWith('worker/') && !target.startsWith('worker/protocol/'))
    return 'the web app may import only worker/protocol/ from the Worker';
  const feature = featureOf(target);
  if (!feature || feature === featureOf(file)) return null;
  const entry = `${FEATURES}/${feature}`;
  return target === entry || target === `${entry}/index`
    ? null
    : `features/${feature} is entered only through its index.ts`;
}

const IMPORTS = SOURCES.flatMap(({ file, source }) => importsOf(file, source));

describe('web import boundaries', () => {
  it('reads the imports it checks', () => {
    expect(IMPORTS.length).toBeGreaterThan(300);
    expect(IMPORTS.some((i) => i.target?.startsWith('worker/protocol/'))).toBe(true);
    expect(IMPORTS.some((i) => i.file.startsWith(`${FEATURES}/search/`) && i.target === `${FEATURES}/chat`)).toBe(true);
  });

  it('imports nothing from the Worker but worker/protocol/, and enters a feature only through its index.ts', () => {
    const breaches = IMPORTS.flatMap((i) => {
      const why = breach(i);
      return why ? [`${i.file}: '${i.specifier}' — ${why}`] : [];
    });
    expect(breaches).toEqual([]);
  });

  it('gives every feature an index.ts', () => {
    const features = new Set(SOURCES.map(({ file }) => featureOf(file)).filter((f) => f !== null));
    expect([...features].filter((f) => !SOURCES.some(({ file }) => file === `${FEATURES}/${f}/index.ts`))).toEqual([]);
  });

  it('lets features depend on each other one way only (no cycle)', () => {
    const uses = new Map<string, Set<string>>();
    for (const { file, target } of IMPORTS) {
      const from = featureOf(file);
      const to = target && featureOf(target);
      if (from && to && from !== to) uses.set(from, (uses.get(from) ?? new Set()).add(to));
    }
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...(uses.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))));
    expect([...uses.keys()].filter((feature) => reaches(feature, feature))).toEqual([]);
  });
});

describe('the boundary rules themselves', () => {
  const at = (file: string, specifier: string): Import => ({ file, specifier, target: targetOf(file, specifier) });

  it('finds static, re-exported, side-effect and dynamic imports', () => {
    const source =
      "import a from './a';\nexport { b } from \"../b\";\nimport './c.css';\nconst d = () => import('./d');\nimport {\n  e,\n} from './e';";
    expect(specifiersOf(source)).toEqual(['./a', '../b', './c.css', './d', './e']);
  });

  it('refuses worker services and durable objects but allows the protocol', () => {
    expect(breach(at(`${WEB}/lib/x.ts`, '../../../worker/services/message-rules'))).toMatch(/worker\/protocol/);
    expect(breach(at(`${FEATURES}/chat/x.ts`, '../../../../worker/durable/stubs'))).toMatch(/worker\/protocol/);
    expect(breach(at(`${FEATURES}/chat/x.ts`, '../../../../worker/protocol/ids'))).toBeNull();
  });

  it('refuses a path into another feature, from a feature or from app/, but allows its index and its own insides', () => {
    expect(breach(at(`${FEATURES}/search/x.ts`, '../chat/types'))).toMatch(/features\/chat/);
    expect(breach(at(`${WEB}/app/routes/x.tsx`, '../../features/chat/hooks/use-chat'))).toMatch(/features\/chat/);
    expect(breach(at(`${FEATURES}/search/x.ts`, '../chat'))).toBeNull();
    expect(breach(at(`${FEATURES}/search/x.ts`, '../chat/index'))).toBeNull();
    expect(breach(at(`${FEATURES}/chat/components/x.ts`, '../state/chat-store'))).toBeNull();
  });

  it('checks an import through the @web/ and @protocol/ aliases as the relative path it stands for', () => {
    expect(breach(at(`${FEATURES}/search/x.ts`, '@web/features/chat/state/chat-store'))).toMatch(/features\/chat/);
    expect(breach(at(`${WEB}/app/routes/x.tsx`, '@web/features/chat/hooks/use-chat'))).toMatch(/features\/chat/);
    expect(breach(at(`${FEATURES}/search/x.ts`, '@web/features/chat'))).toBeNull();
    expect(breach(at(`${FEATURES}/chat/x.ts`, '@protocol/ids'))).toBeNull();
    expect(at(`${FEATURES}/chat/x.ts`, '@protocol/ids').target).toBe('worker/protocol/ids');
  });
});
