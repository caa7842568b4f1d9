// Every JSON answer of the Worker has one schema in worker/protocol/, which the web app parses with.
// Read from the sources (as worker-boundaries.test.ts reads them): every route registered on a Hono
// app under worker/routes/ (and worker/compat/, the original client's adapter) is listed, with the
// handler and the functions it calls (in its file, or imported from another route file). The rule:
//
//   each `c.json(…)` is `c.json(envelope(DATA, …))`, and DATA is `null` or ends in
//   `satisfies T` (T[], T | null, T | undefined), every T a type imported from worker/protocol/;
//   a route answers at least once that way, or is listed below as a non-JSON answer.
//
// A typed helper is not enough by itself: the answer names its protocol type where it is built.
import { describe, expect, it } from 'vitest';

const raw = (glob: Record<string, string>) =>
  Object.fromEntries(Object.entries(glob).map(([key, source]) => [key.replace(/^(\.\.\/)+/, ''), source]));

const WORKER = raw(import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }));

/** Route files: the HTTP sub-apps, and the original client's adapter once it has a folder of its own. */
const isRouteFile = (file: string) => /^worker\/(routes|compat)\//.test(file);

/**
 * Routes that answer no JSON, by `file METHOD path`, each with what it answers instead. Only files,
 * sockets, redirects and pictures belong here; any `c.json` they hold is still checked.
 */
const NOT_JSON: Record<string, string> = {
  'worker/routes/upload.ts GET /:id': 'a file (/file/:id, /filedown/:id): its bytes, ranges and validators',
  'worker/routes/socket.ts GET /': 'the WebSocket upgrade (/wss), or a plain-text refusal before it',
  'worker/routes/scan.ts GET /u/:token': 'a redirect into the app (a camera opened a card QR)',
  'worker/routes/group-qr.ts GET /g/:token': 'a redirect into the app (a camera opened a group QR)',
  'worker/compat/files.ts GET /:id': "a file (/filedown/:id): the file route's answer, always as an attachment",
  'worker/compat/files.ts GET /:str/:s/:uid': 'a letter avatar, an SVG picture',
  'worker/compat/files.ts GET /:ext': 'a file-type icon, an SVG picture',
};

/** Index of the bracket closing the one at `open`, skipping strings, template literals and comments. */
export function closing(text: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (ch === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1;
    else if (ch === "'" || ch === '"') {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++;
    } else if (ch === '`') {
      for (i++; i < text.length && text[i] !== '`'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '$' && text[i + 1] === '{') i = closing(text, i + 1);
      }
    } else if (pairs[ch]) stack.push(pairs[ch]);
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}

/** The top-level, comma-separated arguments of the call whose `(` is at `open`. */
function argumentsAt(text: string, open: number): string[] {
  const end = closing(text, open);
  const args: string[] = [];
  let start = open + 1;
  for (let i = open + 1; i < end; i++) {
    const ch = text[i]!;
    if ('({[`\'"'.includes(ch)) i = ch === '`' || ch === "'" || ch === '"' ? skipString(text, i) : closing(text, i);
    else if (ch === ',') {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start, end).trim();
  if (last) args.push(last);
  return args;
}

function skipString(text: string, at: number): number {
  const quote = text[at];
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') i = closing(text, i + 1);
    else if (text[i] === quote) return i;
  }
  return text.length;
}

/**
 * The declaration starting on the line of `at`: up to its closing `}` at column 0, or up to the next
 * line at column 0 that starts something else (a parameter list's `) {` goes on).
 */
function blockAt(source: string, at: number): string {
  const start = source.lastIndexOf('\n', at) + 1;
  const lines = source.slice(start).split('\n');
  const taken = [lines[0]!];
  for (const line of lines.slice(1)) {
    if (/^[)\]]/.test(line)) taken.push(line);
    else if (/^}/.test(line)) {
      taken.push(line);
      break;
    } else if (/^\S/.test(line)) break;
    else taken.push(line);
  }
  return taken.join('\n');
}

/** Names imported by `source`, with the module each comes from. */
function importedNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of source.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/gm))
    for (const part of m[1]!.split(',')) {
      const name = part.replace(/^\s*type\s+/, '').trim();
      if (!name) continue;
      const local = name.includes(' as ') ? name.split(' as ')[1]!.trim() : name;
      names.set(local, m[2]!);
    }
  return names;
}

/** `dir` joined with a relative specifier: a repo path without extension. */
function join(dir: string, specifier: string): string {
  const parts = dir.split('/');
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** worker/protocol/, or (for the original client's adapter only) the answers only it receives, compat/wire.ts. */
const fromProtocol = (specifier: string) =>
  /(^|\/)protocol\//.test(specifier) || specifier.startsWith('@protocol/') || specifier === './wire';

export interface Route {
  file: string;
  method: string;
  path: string;
  /** The registration and every function of the route files it reaches. */
  code: { file: string; text: string }[];
}

/** Every route registered in `files`: `app.post('/x', …)`, `new Hono<AppEnv>().get(…)`, and those registered in a loop. */
export function routesOf(files: Record<string, string>): Route[] {
  const routes: Route[] = [];
  for (const [file, source] of Object.entries(files)) {
    if (!isRouteFile(file)) continue;
    const apps = [...source.matchAll(/\bconst\s+(\w+)\s*=\s*new Hono\b/g)].map((m) => m[1]!);
    const callee = apps.length ? `(?:\\b(?:${apps.join('|')})|new Hono<\\w+>\\(\\))` : 'new Hono<\\w+>\\(\\)';
    const registration = new RegExp(`${callee}\\s*\\.(get|post|put|delete|patch|all)\\(`, 'g');
    for (const m of source.matchAll(registration)) {
      const open = m.index + m[0].length - 1;
      const [first] = argumentsAt(source, open);
      const literal = /^['"`]([^'"`]*)['"`]$/.exec(first ?? '');
      // A path from a loop variable: `for (const path of ['/a', '/b']) app.post(path, …)`.
      const loop = literal ? null : new RegExp(`for \\(const ${first} of \\[([^\\]]*)\\]\\)`).exec(source);
      const paths = literal ? [literal[1]!] : [...(loop?.[1] ?? '').matchAll(/'([^']*)'/g)].map((p) => p[1]!);
      const code = reach(files, file, source.slice(m.index, closing(source, open) + 1));
      for (const path of paths.length ? paths : [String(first)])
        routes.push({ file, method: m[1]!.toUpperCase(), path, code });
    }
  }
  return routes;
}

/** The handler and, transitively, the functions it calls that are declared in route files. */
function reach(files: Record<string, string>, file: string, handler: string) {
  const code = [{ file, text: handler }];
  const seen = new Set<string>();
  for (let k = 0; k < code.length; k++) {
    const { file: at, text } = code[k]!;
    const source = files[at]!;
    const imports = importedNames(source);
    // Called, or handed over by name (`app.post('/x', limit, handler)`).
    for (const name of new Set([...text.matchAll(/\b([A-Za-z_$][\w$]*)\b/g)].map((m) => m[1]!))) {
      const from = imports.get(name);
      const home = from?.startsWith('.') ? `${join(at.slice(0, at.lastIndexOf('/')), from)}.ts` : at;
      if (!isRouteFile(home) || seen.has(`${home} ${name}`) || !files[home]) continue;
      const declared = new RegExp(
        `^(?:export )?(?:async )?function ${name}\\b|^(?:export )?const ${name}\\s*=\\s*(?:async\\s*)?(?:\\(|\\w+\\s*=>)`,
        'm',
      ).exec(files[home]);
      if (!declared) continue;
      seen.add(`${home} ${name}`);
      code.push({ file: home, text: blockAt(files[home], declared.index) });
    }
  }
  return code;
}

/** What is wrong with a route's answers, by the rule above ([] when nothing). */
export function problemsOf(route: Route, files: Record<string, string>, notJson: Record<string, string>): string[] {
  const problems: string[] = [];
  let answers = 0;
  const exempt = `${route.file} ${route.method} ${route.path}` in notJson;
  for (const { file, text } of route.code) {
    const imports = importedNames(files[file]!);
    for (const m of text.matchAll(/\bc\.json\(/g)) {
      const [body] = argumentsAt(text, m.index + m[0].length - 1);
      const envelope = /^envelope\(/.exec(body ?? '');
      if (!envelope) {
        problems.push(`${file}: c.json(${body?.slice(0, 40)}…) is not built with envelope()`);
        continue;
      }
      const [data = ''] = argumentsAt(body!, envelope[0].length - 1);
      answers++;
      if (data === 'null') continue;
      const typed = /\bsatisfies\s+([\w\s|[\]]+)$/.exec(data);
      const names = typed ? typed[1]!.split('|').map((t) => t.trim().replace(/\[\]$/, '')) : [];
      const loose = names.filter((t) => t !== 'null' && t !== 'undefined' && !fromProtocol(imports.get(t) ?? ''));
      if (!typed || loose.length > 0 || names.every((t) => t === 'null' || t === 'undefined'))
        problems.push(
          `${file}: envelope(${data.replace(/\s+/g, ' ').slice(-60)}) is not \`satisfies\` a type imported from worker/protocol/`,
        );
    }
    if (
      /(?:return|=>)\s*(?:c\.(?:body|text|html|redirect|newResponse)\(|new Response\()|\.fetch\(c\.req\.raw\)/.test(
        text,
      )
    ) {
      if (exempt) answers++;
      else problems.push(`${file}: answers something other than JSON (list it, with why, among the non-JSON routes)`);
    }
  }
  if (answers === 0) problems.push('answers nothing this test can see (no c.json(envelope(…)))');
  return problems;
}

const ROUTES = routesOf(WORKER);

describe('every answer has one schema in worker/protocol/', () => {
  it('lists every route of the Worker', () => {
    // The sub-apps' registrations, counted loosely: any `.get(`/`.post(`… on a line opening with an app.
    const loose = Object.entries(WORKER)
      .filter(([file]) => isRouteFile(file))
      .flatMap(([, source]) => [...source.matchAll(/^\S.*\.(get|post|put|delete|patch|all)\((?!c\b)/gm)]);
    expect(ROUTES.length).toBeGreaterThanOrEqual(loose.length);
    expect(ROUTES.length).toBeGreaterThan(100);
    expect(ROUTES.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /binduid', 'POST /index', 'POST /login', 'GET /:id']),
    );
  });

  it('answers each route with envelope(data satisfies ProtocolType), or lists why it answers no JSON', () => {
    const problems = ROUTES.flatMap((route) =>
      problemsOf(route, WORKER, NOT_JSON).map((p) => `${route.file} ${route.method} ${route.path}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it('lists as non-JSON only routes that exist', () => {
    const known = new Set(ROUTES.map((r) => `${r.file} ${r.method} ${r.path}`));
    expect(Object.keys(NOT_JSON).filter((key) => !known.has(key))).toEqual([]);
  });
});

describe('the answer rule itself', () => {
  const protocol = "import type { Thing } from '../protocol/things';\nimport { Local } from './local';\n";
  const route = (handler: string) => {
    const files = { 'worker/routes/x.ts': `${protocol}export const x = new Hono<AppEnv>();\n\n${handler}\n` };
    return problemsOf(routesOf(files)[0]!, files, { 'worker/routes/x.ts GET /file': 'a file' });
  };

  it('accepts data built against a protocol type, and null', () => {
    expect(route("x.post('/a', (c) => c.json(envelope({ a: 1 } satisfies Thing)));")).toEqual([]);
    expect(route("x.post('/a', (c) => c.json(envelope(list satisfies Thing[], '', { count: 1 })));")).toEqual([]);
    expect(route("x.post('/a', (c) => c.json(envelope(null, t('ok'))));")).toEqual([]);
  });

  it('refuses untyped data, a type from elsewhere, and JSON without the envelope', () => {
    expect(route("x.post('/a', (c) => c.json(envelope(rows, '', { count })));")[0]).toMatch(/not `satisfies`/);
    expect(route("x.post('/a', (c) => c.json(envelope(row satisfies Local)));")[0]).toMatch(/not `satisfies`/);
    expect(route("x.post('/a', (c) => c.json({ code: 0, data: rows }));")[0]).toMatch(/not built with envelope/);
  });

  it('follows the handler into the functions it calls', () => {
    const answer =
      'async function answer(c: Context<AppEnv>, rows: unknown[]) {\n  return c.json(envelope(rows));\n}\n';
    expect(route(`${answer}\nx.post('/a', async (c) => answer(c, []));`)[0]).toMatch(/envelope\(rows\)/);
  });

  it('lets only the listed routes answer something other than JSON', () => {
    expect(route("x.get('/file', (c) => new Response(bytes));")).toEqual([]);
    expect(route("x.get('/other', (c) => c.redirect('/'));")[0]).toMatch(/other than JSON/);
    expect(route("x.post('/a', (c) => { void c; });")).toEqual([
      'answers nothing this test can see (no c.json(envelope(…)))',
    ]);
  });
});
