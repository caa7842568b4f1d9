#!/usr/bin/env node
// `npm run admin -- --account <account> [--role 1|2|0] [--remote]`: makes an existing account a
// super admin (role 1, the default), an admin (2) or a user again (0), in the local database that
// `npm run dev` uses (also while it runs) or, with --remote, the deployed one. The first operator
// of a deployment is made this way; the console (#/manage) makes the others. PARLEY_STATE_DIR
// names another local state folder (tests).
import { join } from 'node:path';

import { bin, ROOT, run } from './lib.mjs';

const ACCOUNT = /^[A-Za-z0-9._@+-]{3,32}$/;
const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const account = value('--account');
const role = Number(value('--role') ?? 1);
const remote = args.includes('--remote');

if (!account || !ACCOUNT.test(account) || ![0, 1, 2].includes(role)) {
  console.error('usage: npm run admin -- --account <account> [--role 1|2|0] [--remote]');
  console.error('  role 1 super admin (default), 2 admin, 0 an ordinary user again');
  process.exit(2);
}

// The account matches ACCOUNT (no quote can reach the SQL).
const sql = `UPDATE users SET role = ${role}, update_time = unixepoch() WHERE account = '${account}' COLLATE NOCASE
  RETURNING user_id, account, realname, role, status`;
const where = remote
  ? ['--remote']
  : ['--local', `--persist-to=${process.env.PARLEY_STATE_DIR ?? join(ROOT, '.wrangler', 'state')}`];
const result = await run(
  bin('wrangler'),
  ['d1', 'execute', 'DB', ...where, '--yes', '--json', `--config=${join(ROOT, 'wrangler.toml')}`, `--command=${sql}`],
  { capture: true },
);
if (result.code !== 0) {
  console.error(result.stderr || result.stdout);
  process.exit(1);
}
const rows = JSON.parse(result.stdout)[0]?.results ?? [];
if (rows.length === 0) {
  console.error(`No account "${account}" in the ${remote ? 'deployed' : 'local'} database: register it first.`);
  process.exit(1);
}
const names = { 0: 'an ordinary user', 1: 'a super admin', 2: 'an admin' };
for (const row of rows) console.log(`${row.account} (${row.realname}, user ${row.user_id}) is now ${names[role]}.`);
if (rows.some((row) => row.status !== 1)) console.log('Note: the account is disabled; enable it from the console.');
