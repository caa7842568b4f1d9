// Small factories for worker tests: call the real Worker, make users, log in, read the dev
// mailbox, change configuration and sign tokens by hand.
import { runInDurableObject } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { SignJWT } from 'jose';

import { DEFAULT_GROUP_SETTING, ROLE } from '@protocol/groups';

import { welcomeNewcomer } from '../../worker/actions/auto-add';
import { forgetConfig, loadConfig } from '../../worker/db/config';
import { insertUser } from '../../worker/db/users';
import { GroupStore } from '../../worker/durable/conversation/group/store';
import { ConversationStore } from '../../worker/durable/conversation/store';
import { conversationHub, userHub } from '../../worker/durable/stubs';
import { directConversation } from '../../worker/services/conversations';
import { webCryptoDerive } from '../../worker/services/password';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: T; count?: number; page?: number };
}

/** The secret vitest.worker.config.ts gives the Worker; tests sign their own tokens with it. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Sends any request to the Worker and hands back the raw Response. */
export function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`http://parley.test${path}`, init));
}

export async function call<T = any>(
  path: string,
  body?: unknown,
  init: { token?: string; lang?: string; ip?: string; raw?: string; contentType?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {
    'accept-language': init.lang ?? 'en',
    'cf-connecting-ip': init.ip ?? '10.0.0.1',
  };
  if (init.token) headers.authorization = init.token;
  headers['content-type'] = init.contentType ?? 'application/json';
  const res = await fetchWorker(path, {
    method: 'POST',
    headers,
    body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply<T>['body'] };
}

let counter = 0;
export const uniqueAccount = (prefix = 'user') => `${prefix}${Date.now() % 100000}${++counter}`;
/** A fresh account the phone pattern accepts (8-15 digits). */
export const uniquePhone = () =>
  `09${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++counter).padStart(3, '0')}`;
/** A fresh account the email pattern accepts. */
export const uniqueEmail = () => `${uniqueAccount('m')}@example.com`;
/** A fresh client address, so per-IP login throttling in one test never touches another. */
export const uniqueIp = () => `10.${(++counter >> 8) & 255}.${counter & 255}.${(Date.now() % 250) + 1}`;

export async function registerUser(account = uniqueAccount(), password = 'secret12', realname = 'Test User') {
  const reply = await call('/common/pub/register', { account, realname, password }, { ip: uniqueIp() });
  if (reply.body.code !== 0) throw new Error(`register failed: ${reply.body.msg}`);
  return { account, password, user: reply.body.data };
}

// A test user's stored password: 'secret12' hashed with a single PBKDF2 round, in the stored format
// (verifyPassword reads the cost from it). The real cost (600,000 rounds, about 150 ms) would be paid
// twice per user, hundreds of times per run; register.test.ts, login.test.ts and password-hashing.test.ts
// keep the real path and cost under test.
let cheapHash: Promise<string> | undefined;
function testPasswordHash(): Promise<string> {
  cheapHash ??= (async () => {
    const salt = new Uint8Array(16).fill(7);
    const hash = await webCryptoDerive(new TextEncoder().encode('secret12'), salt, 1);
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    return `pbkdf2-sha256$1$${b64(salt)}$${b64(hash)}`;
  })();
  return cheapHash;
}

/**
 * A new user with the password 'secret12', written as registration writes one (the row, then the
 * automatic agent and group of chatInfo.autoAddUser / autoAddGroup) but without registration's rules
 * and its costly hash. Tests of registration itself call `registerUser`.
 */
export async function quickUser(account = uniqueAccount(), realname = 'Test User') {
  const user = await insertUser(env.DB, {
    account,
    realname,
    passwordHash: await testPasswordHash(),
    email: account.includes('@') ? account : '',
    isAuth: 0,
    registerIp: uniqueIp(),
  });
  if (!user) throw new Error(`account ${account} is taken`);
  await welcomeNewcomer(env, await loadConfig(env.DB), user);
  return { account, password: 'secret12', user };
}

export async function loginUser(account?: string, password = 'secret12') {
  const made = account ? { account, password } : await quickUser();
  const reply = await call('/common/pub/login', { account: made.account, password: made.password }, { ip: uniqueIp() });
  if (reply.body.code !== 0) throw new Error(`login failed: ${reply.body.msg}`);
  return { ...made, token: reply.body.data.authToken as string, userInfo: reply.body.data.userInfo };
}

/**
 * Uses up what `key` may still do on a rate limiter now, through its binding, 50 calls at a time:
 * the limiter decides each call whole, so it ends as spent as one call after another would leave
 * it, and the 2,000 of the raised GROUP_LIMITER (vitest.worker.config.ts) wait for 40 round trips
 * instead of 2,000. (The limiter of the tests' workerd takes no `delta`.)
 */
export async function exhaustLimiter(limiter: RateLimit, key: string): Promise<void> {
  for (;;) {
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => limiter.limit({ key })));
    if (outcomes.some((o) => !o.success)) return;
  }
}

/** Asks for a verification code and reads it back from the dev mailbox (GET /dev/mailbox). */
/** A new signed-in user made an operator straight in D1 (1 super admin, 2 admin), as `npm run admin` would. */
export async function operator(role: 1 | 2 = 1) {
  const me = await loginUser();
  await env.DB.prepare('UPDATE users SET role = ?2 WHERE user_id = ?1').bind(me.userInfo.user_id, role).run();
  return me;
}

export async function requestCode(account: string, type: 1 | 2 | 3 | 4): Promise<string> {
  const sent = await call('/common/pub/sendCode', { account, type }, { ip: uniqueIp() });
  if (sent.body.code !== 0) throw new Error(`sendCode failed: ${sent.body.msg}`);
  return latestCode(account);
}

export async function latestCode(account: string): Promise<string> {
  const res = await fetchWorker(`/dev/mailbox?account=${encodeURIComponent(account)}`);
  const { data } = (await res.json()) as { data: { body: string }[] };
  const code = /(\d{6})\s*$/.exec(data[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the dev mailbox for ${account}`);
  return code;
}

/** Overrides one config group's settings (merged over the defaults) until resetConfig() is called. */
export async function setConfig(name: 'sysInfo' | 'chatInfo' | 'fileUpload', values: Record<string, string>) {
  await env.DB.prepare('INSERT OR REPLACE INTO config (name, value, update_time) VALUES (?1, ?2, 0)')
    .bind(name, JSON.stringify(values))
    .run();
  forgetConfig();
}

export const setSysInfo = (values: Record<string, string>) => setConfig('sysInfo', values);

export async function resetConfig() {
  await env.DB.prepare('DELETE FROM config').run();
  forgetConfig();
}

/** Signs a token by hand: any claims, any times, any secret, to probe the auth middleware. */
export async function signToken(
  claims: Record<string, unknown>,
  {
    secret = TEST_JWT_SECRET,
    iat = Math.floor(Date.now() / 1000),
    exp = iat + 3600,
  }: { secret?: string; iat?: number; exp?: number } = {},
): Promise<string> {
  return new SignJWT({ roles: ['user'], permissions: [], ver: 0, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(secret));
}

export const textMessage = (to: number | string, content: string, id: string = crypto.randomUUID()) => ({
  id,
  type: 'text',
  content,
  toContactId: to,
  is_group: typeof to === 'string' && to.startsWith('group-') ? 1 : 0,
});

/** Uploads `bytes` as `name` into the chat with `to`; returns the envelope. */
export async function uploadFile(
  token: string,
  to: number | string,
  name: string,
  bytes: Uint8Array,
  message: Record<string, unknown> = {},
) {
  const { exports } = await import('cloudflare:workers');
  const form = new FormData();
  form.set('file', new File([bytes], name));
  form.set('message', JSON.stringify({ id: crypto.randomUUID(), toContactId: to, ...message }));
  const res = await exports.default.fetch(
    new Request('http://parley.test/common/upload/uploadFile', {
      method: 'POST',
      headers: { authorization: token, 'accept-language': 'en' },
      body: form,
    }),
  );
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: any } };
}

/** A tiny valid PNG of the given size (only the header matters to the server). */
export function pngBytes(width: number, height: number): Uint8Array {
  const b = new Uint8Array(64);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/**
 * Retries `check` (which throws while its expectations fail) until it passes or `timeoutMs` runs
 * out: deliveries to UserHubs finish after sendMessage has answered.
 */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/**
 * runInDurableObject on an untyped stub with an untyped instance: its overloads' inference over the
 * hubs' RPC types can exceed the compiler's depth ("excessively deep") in a helper module.
 */
export function inObject<R>(
  stub: DurableObjectStub,
  body: (instance: any, state: DurableObjectState) => R | Promise<R>,
): Promise<R> {
  return (runInDurableObject as unknown as (s: DurableObjectStub, b: typeof body) => Promise<R>)(stub, body);
}

/**
 * Waits until a conversation's hub has delivered everything it committed: its fan-out starts after
 * the sender's answer, so a test that looks at a member's hub (not at a socket frame) waits here.
 */
export async function delivered(stub: DurableObjectStub, timeoutMs = 5000): Promise<void> {
  await eventually(async () => {
    const waiting = await inObject(stub, (hub) => hub.fanout.waiting() as number);
    if (waiting > 0) throw new Error(`${waiting} events still waiting for delivery`);
  }, timeoutMs);
}

/** A pair's conversation and its hub's stub, named as the Worker names them (for runInDurableObject and co.). */
export function pairHub(a: number, b: number) {
  const conversation = directConversation(a, b);
  return { conversation, stub: conversationHub(env, conversation) as unknown as DurableObjectStub };
}

/** A user's hub's stub, for runInDurableObject and co. */
export const userHubStub = (uid: number) => userHub(env, uid) as unknown as DurableObjectStub;

/**
 * A group conversation `group-…` whose hub has `members` (the first one its owner, the rest plain
 * members who joined at the start), written straight into the hub's storage with only its D1 row
 * (routes refuse a group D1 does not know), without members in D1 or system lines: a quick
 * stand-in for tests about messages. Tests about groups themselves create
 * them with POST /enterprise/group/add. Call it before the group's first use: a hub that already
 * opened its store would not see the new rows.
 */
export async function makeGroup(members: number[]): Promise<{ group: string; stub: DurableObjectStub }> {
  const id = Number(`${members[0]}${++counter}${Date.now() % 1000}`);
  const group = `group-${id}`;
  const stub = conversationHub(env, group) as unknown as DurableObjectStub;
  await env.DB.prepare(
    'INSERT INTO groups (group_id, name, owner_id, create_time, status) VALUES (?1, ?2, ?3, 0, 1) ON CONFLICT DO NOTHING',
  )
    .bind(id, 'Test group', members[0]!)
    .run();
  await runInDurableObject(stub, (_hub, state) => {
    new ConversationStore(state.storage.sql, group).addMembers(members);
    const groups = new GroupStore(state.storage.sql);
    groups.saveGroup({
      group_id: id,
      name: 'Test group',
      notice: '',
      avatar: '',
      owner_id: members[0]!,
      create_time: 0,
      status: 1,
      setting: DEFAULT_GROUP_SETTING,
    });
    members.forEach((uid, i) => groups.setRole(uid, i === 0 ? ROLE.OWNER : ROLE.MEMBER, 0));
  });
  return { group, stub };
}
