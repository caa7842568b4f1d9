// Answers to the original web client (its calls carry a `sessionId` header) with every
// string HTML-escaped once, here at the edge (services/legacy-text.ts), since it renders names and
// text as HTML. The envelope's `msg` (the server's own translated words, which it
// toasts as text) is left as it is. Parley's own clients send no such header and get it untouched.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { parseJsonOrNull } from '../protocol/json';
import { escapeForOriginalClient as escapeStrings, mayNeedEscaping } from '../services/legacy-text';

/** Whether a call comes from the original web client: it marks every call with a `sessionId` header. */
export const fromOriginalClient = (c: Context) => c.req.header('sessionid') !== undefined;

export const escapeForOriginalClient = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!fromOriginalClient(c)) return;
  if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
  const text = await c.res.clone().text();
  if (!mayNeedEscaping(text)) return;
  const parsed = parseJsonOrNull(text);
  // Only an envelope (an object) is ours to escape; anything else passes as it came.
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
  const { msg, ...rest } = parsed as Record<string, unknown>;
  const body = { ...(escapeStrings(rest) as Record<string, unknown>), ...(msg === undefined ? {} : { msg }) };
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
});
