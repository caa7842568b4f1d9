// Answers to the original web client (issue 27; its calls carry a `sessionId` header) with their
// text messages HTML-escaped, since it renders them as HTML (services/legacy-text.ts). Parley's own
// clients send no such header and get their plain text untouched.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { escapeTextsForOriginalClient } from '../services/legacy-text';

/** Whether a call comes from the original web client: it marks every call with a `sessionId` header. */
export const fromOriginalClient = (c: Context) => c.req.header('sessionid') !== undefined;

export const escapeForOriginalClient = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!fromOriginalClient(c)) return;
  if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
  const body = (await c.res.clone().json()) as { data?: unknown };
  if (!escapeTextsForOriginalClient(body.data)) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers });
});
