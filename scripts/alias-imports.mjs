#!/usr/bin/env node
// Rewrites relative imports to the path aliases (tsconfig `paths`): anything outside worker/ that
// reaches into worker/protocol becomes `@protocol/…`, and an import in web/src that climbs three
// folders or more (`../../../`) becomes `@web/…`. Run it after merging branches that add such
// imports, then `npx eslint --fix .` to sort them: `node scripts/alias-imports.mjs [--check]`.
// --check lists what it would change and exits 1 if anything would.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const ALIASES = [
  { name: '@protocol', dir: resolve(ROOT, 'worker/protocol') },
  { name: '@web', dir: resolve(ROOT, 'web/src') },
];
const check = process.argv.includes('--check');

// A module path in `from '…'`, `import('…')`, `import '…'` and vitest's mock and import helpers.
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|importActual)\s*\(\s*)(['"])(\.\.?\/[^'"\n]+)\2/g;

/** The alias form of `spec` as written in `file`, or null when it stays relative. */
function aliased(file, spec) {
  const target = resolve(dirname(file), spec);
  const inWorker = file.startsWith(resolve(ROOT, 'worker') + '/');
  for (const { name, dir } of ALIASES) {
    if (target !== dir && !target.startsWith(dir + '/')) continue;
    const rest = relative(dir, target);
    if (name === '@protocol' && !inWorker) return `${name}/${rest}`;
    if (name === '@web' && file.startsWith(dir + '/') && spec.startsWith('../../../')) return `${name}/${rest}`;
  }
  return null;
}

const files = execFileSync('git', ['ls-files', '-z', '--', 'web/src', 'tests'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f))
  .map((f) => resolve(ROOT, f));

let changed = 0;
for (const file of files) {
  const before = readFileSync(file, 'utf8');
  const after = before.replace(SPECIFIER, (whole, lead, quote, spec) => {
    const alias = aliased(file, spec);
    return alias ? `${lead}${quote}${alias}${quote}` : whole;
  });
  if (after === before) continue;
  changed += 1;
  if (check) console.log(relative(ROOT, file));
  else writeFileSync(file, after);
}
console.log(`${changed} file${changed === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`);
process.exit(check && changed > 0 ? 1 : 0);
