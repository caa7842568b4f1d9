// The original web client's answers, rewritten here at the edge from what the core answers every
// client: "log in again" (-1) as HTTP 200, file messages with their links (file-links.ts), its own
// profile with the preferences it saved (settings.ts), and every string HTML-escaped once (text.ts),
// since it renders names and text as HTML. The envelope's `msg` (the server's own translated words,
// which it toasts as text) is left as it is. Parley's own clients get the core's answers untouched.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { readUserSetting } from '../db/user-settings';
import { CODE } from '../protocol/codes';
import { parseJsonOrNull } from '../protocol/json';
import { fromOriginalClient } from './detect';
import { withFileLinks } from './file-links';
import { escapeForOriginalClient as escapeStrings, mayNeedEscaping } from './text';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * "Log in again" is HTTP 401 for Parley's clients. The original web client opens its re-login
 * dialog only for a 200 carrying -1 (a 401 is just a toast to it), so it gets the reference's 200.
 */
const isRelogin = (res: Response, envelope: Record<string, unknown>) =>
  res.status === 401 && envelope.code === CODE.RELOGIN;

/** getUserInfo of oneself: the core answers the default preferences; this client reads the ones it saved. */
async function withSavedSetting(c: Context<AppEnv>, data: unknown): Promise<unknown> {
  const me = c.get('identity')?.uid;
  if (c.req.path.toLowerCase() !== '/enterprise/im/getuserinfo' || !isRecord(data) || data.user_id !== me) return data;
  return { ...data, setting: await readUserSetting(c.env.DB, me) };
}

export const originalAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!fromOriginalClient(c)) return;
  if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
  const text = await c.res.clone().text();
  const parsed = parseJsonOrNull(text);
  // Only an envelope (an object) is ours to rewrite; anything else passes as it came.
  if (!isRecord(parsed)) return;
  const { msg, ...rest } = parsed;
  rest.data = await withSavedSetting(c, rest.data);
  const links = text.includes('"file_id"');
  if (!links && !isRelogin(c.res, parsed) && rest.data === parsed.data && !mayNeedEscaping(text)) return;
  const escaped = escapeStrings(links ? withFileLinks(rest) : rest) as Record<string, unknown>;
  const body = { ...escaped, ...(msg === undefined ? {} : { msg }) };
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(body), { status: isRelogin(c.res, parsed) ? 200 : c.res.status, headers });
});
