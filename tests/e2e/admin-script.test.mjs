// `npm run admin`: makes an account of the local database a super admin (or an
// admin, or a user again), refuses an account that does not exist or is not an account name, and
// the demo seed makes An a super admin. Runs wrangler against a fresh local D1 of its own.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { applySql, bin, demoSeedSql, ROOT, run } from '../../scripts/lib.mjs';

const state = mkdtempSync(join(tmpdir(), 'parley-admin-'));
const admin = (...args) =>
  run(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), ...args], {
    capture: true,
    env: { PARLEY_STATE_DIR: state },
  });

async function roles() {
  const sql = 'SELECT account, role FROM users WHERE role > 0 ORDER BY account';
  const args = ['d1', 'execute', 'DB', '--local', `--persist-to=${state}`, '--json', `--command=${sql}`];
  const result = await run(bin('wrangler'), args, { capture: true });
  assert.equal(result.code, 0, result.stderr);
  return Object.fromEntries(JSON.parse(result.stdout)[0].results.map((r) => [r.account, r.role]));
}

describe('npm run admin', () => {
  before(async () => {
    const file = join(state, 'seed.sql');
    writeFileSync(file, `${readFileSync(join(ROOT, 'schema.sql'), 'utf8')}\n${demoSeedSql()}`);
    await applySql({ persistTo: state, file });
  });
  after(() => rmSync(state, { recursive: true, force: true }));

  test('the demo seed makes An (the first demo account) a super admin, and no one else', async () => {
    assert.deepEqual(await roles(), { 13800000002: 1 });
  });

  test('makes an account a super admin, an admin, and a user again', async () => {
    let out = await admin('--account', '13800000003');
    assert.equal(out.code, 0, out.stderr);
    assert.match(out.stdout, /13800000003 \(Bình, user \d+\) is now a super admin/);
    out = await admin('--account', '13800000004', '--role', '2');
    assert.match(out.stdout, /is now an admin/);
    assert.deepEqual(await roles(), { 13800000002: 1, 13800000003: 1, 13800000004: 2 });
    out = await admin('--account', '13800000003', '--role', '0');
    assert.match(out.stdout, /is now an ordinary user/);
    assert.deepEqual(await roles(), { 13800000002: 1, 13800000004: 2 });
  });

  test('refuses an account that does not exist, or is not an account name, changing nothing', async () => {
    const missing = await admin('--account', 'nobody123');
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No account "nobody123"/);
    const hostile = await admin('--account', "x' OR 1=1 --");
    assert.equal(hostile.code, 2);
    assert.match(hostile.stderr, /usage: npm run admin/);
    assert.deepEqual(await roles(), { 13800000002: 1, 13800000004: 2 });
  });
});
