// Small factories for worker tests: call the real Worker, make users, log in.
import { exports } from 'cloudflare:workers';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data: T; count?: number; page?: number };
}

export async function call<T = any>(path: string, body?: unknown, init: { token?: string; lang?: string; ip?: string; raw?: string; contentType?: string } = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'accept-language': init.lang ?? 'en', 'cf-connecting-ip': init.ip ?? '10.0.0.1' };
  if (init.token) headers.authorization = init.token;
  headers['content-type'] = init.contentType ?? 'application/json';
  const res = await exports.default.fetch(new Request(`http://parley.test${path}`, { method: 'POST', headers, body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)) }));
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply<T>['body'] };
}

let counter = 0;
export const uniqueAccount = (prefix = 'user') => `${prefix}${Date.now() % 100000}${++counter}`;

export async function registerUser(account = uniqueAccount(), password = 'secret12', realname = 'Test User') {
  const reply = await call('/common/pub/register', { account, realname, password });
  if (reply.body.code !== 0) throw new Error(`register failed: ${reply.body.msg}`);
  return { account, password, user: reply.body.data };
}

export async function loginUser(account?: string, password = 'secret12') {
  const made = account ? { account, password } : await registerUser();
  const reply = await call('/common/pub/login', { account: made.account, password: made.password });
  if (reply.body.code !== 0) throw new Error(`login failed: ${reply.body.msg}`);
  return { ...made, token: reply.body.data.authToken as string, userInfo: reply.body.data.userInfo };
}
