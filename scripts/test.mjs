#!/usr/bin/env node
// `npm test`: every check, in order, continuing past failures, then one summary.
//   typecheck (web + worker) → worker tests (vitest in workerd) → web tests (vitest + jsdom)
//   → build (vite build + bundle size) → end-to-end tests (node:test + Chromium on the built app,
//   scripts/e2e.mjs)
// The last line is `tests: N passed, M failed` (vitest and node:test counts added up);
// the exit code is non-zero when any step failed or any test failed.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { bin, fileExists, ROOT, run } from './lib.mjs';

const TMP = join(ROOT, '.tmp', 'test');
rmSync(TMP, { recursive: true, force: true });
mkdirSync(TMP, { recursive: true });

/** Reads vitest's JSON report: { passed, failed, skipped } or null when it is missing. */
function vitestCounts(file) {
  if (!fileExists(file)) return null;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const failures = [];
    for (const suite of r.testResults ?? []) {
      const path = String(suite.name ?? '').replace(`${ROOT}/`, '');
      for (const t of suite.assertionResults ?? []) {
        if (t.status === 'failed') failures.push(`${path} › ${t.fullName ?? t.title}`);
      }
      // A file that failed to load has no assertion results but a message.
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(`${path}: ${String(suite.message ?? 'failed').split('\n')[0]}`);
      }
    }
    return {
      passed: r.numPassedTests ?? 0,
      failed: r.numFailedTests ?? 0,
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
      failures,
    };
  } catch {
    return null;
  }
}

/** Reads node:test's TAP summary ("# pass N", "# fail N", ...). */
function tapCounts(file) {
  if (!fileExists(file)) return null;
  const text = readFileSync(file, 'utf8');
  const n = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  if (!/^# tests \d+$/m.test(text)) return null;
  const failures = [...text.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((m) => m[1]);
  return { passed: n('pass'), failed: n('fail') + n('cancelled'), skipped: n('skipped') + n('todo'), failures };
}

const vitest = (name, config) => {
  const out = join(TMP, `vitest-${name}.json`);
  return {
    name: `${name} tests`,
    skipUnless: config,
    cmd: bin('vitest'),
    args: ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    counts: () => vitestCounts(out),
  };
};

const e2eTap = join(TMP, 'e2e.tap');
const steps = [
  { name: 'typecheck (web)', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'typecheck (worker)', cmd: bin('tsc'), args: ['-p', 'tsconfig.worker.json', '--noEmit'] },
  // The build comes before the worker tests: they serve the built app's page and assets through
  // the real asset binding (dist/client) to check the headers every response carries.
  { name: 'build', cmd: 'npm', args: ['run', '--silent', 'build'] },
  vitest('worker', 'vitest.worker.config.ts'),
  vitest('web', 'vitest.web.config.ts'),
  {
    name: 'e2e tests',
    // scripts/e2e.mjs runs `node --test --test-concurrency=1` over tests/e2e/*.test.mjs with one
    // shared server per configuration for the files that may share one.
    cmd: bin('node'),
    args: [
      join('scripts', 'e2e.mjs'),
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${e2eTap}`,
    ],
    counts: () => tapCounts(e2eTap),
  },
];

// CI runs `npm run check` (every typecheck) just before; it says so, and the types are not checked twice.
const TYPECHECKED = process.env.PARLEY_TYPECHECKED === '1';

const results = [];
for (const step of steps) {
  if (TYPECHECKED && step.name.startsWith('typecheck')) {
    console.log(`\n━━ ${step.name}: SKIPPED — npm run check typechecked this tree`);
    results.push({ name: step.name, status: 'skipped', seconds: 0, counts: null, note: 'checked by npm run check' });
    continue;
  }
  if (step.skipUnless && !fileExists(join(ROOT, step.skipUnless))) {
    console.log(`\n━━ ${step.name}: SKIPPED — ${step.skipUnless} does not exist yet`);
    results.push({ name: step.name, status: 'skipped', seconds: 0, counts: null, note: `${step.skipUnless} missing` });
    continue;
  }
  console.log(`\n━━ ${step.name}: ${[step.cmd.replace(`${ROOT}/`, ''), ...step.args].join(' ')}`);
  const started = Date.now();
  let code;
  try {
    ({ code } = await run(step.cmd, step.args));
  } catch (error) {
    console.error(`could not start: ${error.message}`);
    code = 1;
  }
  const seconds = (Date.now() - started) / 1000;
  const counts = step.counts?.() ?? null;
  let note = '';
  if (step.counts && !counts) note = 'no test report';
  const failed = code !== 0 || (counts?.failed ?? 0) > 0 || (step.counts && !counts);
  results.push({
    name: step.name,
    status: failed ? 'FAILED' : 'ok',
    seconds,
    counts,
    note: note || (code !== 0 ? `exit ${code}` : ''),
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n━━ summary');
for (const r of results) {
  if (r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
  const counts = r.counts
    ? `  ${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}`
    : '';
  const seconds = r.status === 'skipped' ? '' : `${r.seconds.toFixed(1).padStart(6)} s`;
  console.log(
    `  ${r.status.padEnd(8)} ${r.name.padEnd(20)} ${seconds.padEnd(8)}${counts}${r.note ? `  (${r.note})` : ''}`,
  );
  // The names of what failed, last, so that the tail of a CI log says which tests to look at.
  for (const f of r.counts?.failures ?? []) console.log(`             ✗ ${f}`);
}
const anyStepFailed = results.some((r) => r.status === 'FAILED');
if (skipped) console.log(`(${skipped} tests skipped)`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(anyStepFailed || failed > 0 ? 1 : 0);
