// Helpers shared by the developer scripts (dev server, test runner, e2e server).
// Everything here runs offline: wrangler is told not to fetch Cloudflare's request metadata
// and not to send metrics, so no command ever tries to reach the internet.
import { spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** Environment for every child: Node 22 from node_modules/.bin first, wrangler offline. */
export function childEnv(extra = {}) {
  return {
    ...process.env,
    PATH: `${BIN}:${process.env.PATH ?? ''}`,
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_SEND_METRICS: 'false',
    // No "update available" checks, no interactive prompts.
    NO_UPDATE_NOTIFIER: '1',
    CI: process.env.CI ?? '',
    ...extra,
  };
}

/** Path of a tool installed in node_modules/.bin (wrangler, vite, vitest, tsc, ...). */
export const bin = (name) => join(BIN, name);

/**
 * Runs a command to completion. Resolves with { code, stdout, stderr } (output captured only
 * when `capture` is set; otherwise it streams to this process's terminal).
 */
export function run(cmd, args, { capture = false, env = {}, cwd = ROOT } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: childEnv(env),
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 1 : 0), signal, stdout, stderr }));
  });
}

/**
 * Applies schema.sql (every statement IF NOT EXISTS, so idempotent) and optional extra SQL
 * to the local D1 database kept under `persistTo`. `wrangler dev --persist-to X` and the Vite
 * plugin's `persistState: { path: X }` both keep their state in X/v3, so passing the same X
 * here reaches the very database the server opens.
 */
export async function applySql({ persistTo, file, config = join(ROOT, 'wrangler.toml') }) {
  const args = [
    'd1',
    'execute',
    'DB',
    '--local',
    '--yes',
    `--persist-to=${persistTo}`,
    `--config=${config}`,
    `--file=${file}`,
  ];
  const result = await run(bin('wrangler'), args, { capture: true });
  if (result.code !== 0) {
    throw new Error(`wrangler ${args.join(' ')} failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/**
 * The stored password format of worker/services/password.ts, reproduced with node:crypto:
 * `pbkdf2-sha256$600000$<b64 salt>$<b64 hash>` where the hash is PBKDF2-SHA256 chained in
 * rounds of 100,000 iterations (round 1 keyed by the password bytes, each next round keyed by
 * the previous round's 32-byte output, the same salt every round).
 */
export function hashPassword(password, { total = 600_000, perCall = 100_000, salt = randomBytes(16) } = {}) {
  let material = Buffer.from(password, 'utf8');
  for (let done = 0; done < total; done += perCall) {
    material = pbkdf2Sync(material, salt, Math.min(perCall, total - done), 32, 'sha256');
  }
  return `pbkdf2-sha256$${total}$${salt.toString('base64')}$${material.toString('base64')}`;
}

/** Demo accounts 13800000002…13800000020 (password 123456), as the reference seeds them. */
export const DEMO_NAMES = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hoa',
  'Hùng',
  'Khánh',
  'Lan',
  'Linh',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Phương',
  'Quân',
];
export const DEMO_PASSWORD = '123456';
export const demoAccounts = () =>
  DEMO_NAMES.map((realname, i) => ({ account: `138000000${String(i + 2).padStart(2, '0')}`, realname }));

/** SQL that seeds the demo accounts; INSERT OR IGNORE, so running it again changes nothing. */
export function demoSeedSql() {
  // One hash (one random salt) for every demo row: they all share the password 123456, and
  // hashing 19 times at 600,000 iterations would add seconds to every dev start.
  const hash = hashPassword(DEMO_PASSWORD);
  const t = Math.floor(Date.now() / 1000);
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
  const rows = demoAccounts().map(
    ({ account, realname }) => `(${q(account)}, ${q(realname)}, ${q(hash)}, 1, ${t}, ${t})`,
  );
  // An is a super admin, so the operator console can be tried at once (its changes are refused for
  // the shared demo accounts while the demo runs, docs/operating.md).
  const operator = `UPDATE users SET role = 1 WHERE is_demo = 1 AND account = ${q(demoAccounts()[0].account)};`;
  return `INSERT OR IGNORE INTO users (account, realname, password_hash, is_demo, create_time, update_time) VALUES\n${rows.join(',\n')};\n${operator}\n${demoFriendsSql(t)}`;
}

/**
 * Demo friendships, so run mode 2 (sysInfo.runMode '2') has an address book to try: each demo
 * account is friends with the next two in the list (wrapping round), and the first six each have
 * a pending request from the account seven places on (An one more, from ten on). INSERT OR IGNORE
 * by (create_user, friend_user_id): a request already answered stays answered; a friendship
 * deleted while trying the app comes back at the next start.
 */
export function demoFriendsSql(t = Math.floor(Date.now() / 1000)) {
  const accounts = demoAccounts();
  const at = (i) => accounts[i % accounts.length];
  // [from account, to account, status, verification text, is_invite]; one statement over a JSON
  // array, as D1 allows only a few terms in a compound SELECT.
  const rows = [];
  accounts.forEach((me, i) => {
    for (const step of [1, 2])
      rows.push([me.account, at(i + step).account, 1, '', 1], [at(i + step).account, me.account, 1, '', 0]);
  });
  for (const [to, from] of [
    [0, 7],
    [1, 8],
    [2, 9],
    [3, 10],
    [4, 11],
    [5, 12],
    [0, 10],
  ]) {
    rows.push([at(from).account, at(to).account, 2, `Chào ${at(to).realname}, mình là ${at(from).realname}`, 1]);
  }
  const json = JSON.stringify(rows).replaceAll("'", "''");
  return `INSERT OR IGNORE INTO friends (create_user, friend_user_id, status, remark, is_invite, create_time, update_time)
SELECT a.user_id, b.user_id, p.value ->> 2, p.value ->> 3, p.value ->> 4, ${t}, ${t}
FROM json_each('${json}') AS p JOIN users a ON a.account = p.value ->> 0 JOIN users b ON b.account = p.value ->> 1;
`;
}

/** Parses a .dev.vars / .env style file into an object. */
export function parseVars(text) {
  const vars = {};
  for (const line of text.split('\n')) {
    const m = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (!m) continue;
    let value = m[2];
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    vars[m[1]] = value;
  }
  return vars;
}

export const fileExists = (p) => existsSync(p);
