// Reads query + body (JSON or form-encoded) into one parameter bag, then each route parses
// it with its valibot schema. A body that cannot be read is a refusal, never a 500. Calls that
// carry passwords or codes read the body alone (`credentials`): a URL ends up in logs and history.
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';

import type { AppEnv, Params } from '../app-env';
import { CODE } from '../protocol/codes';
import { parseFormParams } from '../services/form-params';
import { AppError, refuse } from '../services/replies';

const MAX_BODY_BYTES = 256 * 1024;

export const readParams = createMiddleware<AppEnv>(async (c, next) => {
  // Read once: an adapter in front of the routes may have read them already (and rewritten them).
  if (c.get('params')) return next();
  const query = c.req.url.indexOf('?');
  // The query string is read as a form body is, so `a[]=1&a[0]=1&a[b]=c` mean the same in either.
  const params: Params = query === -1 ? {} : parseFormParams(new URLSearchParams(c.req.url.slice(query + 1)));
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let body: Params = {};
  if (c.req.method === 'POST' && !type.startsWith('multipart/form-data')) {
    const length = c.req.header('content-length');
    const declared = Number(length ?? 0);
    if (declared > MAX_BODY_BYTES) throw new AppError(CODE.REFUSED, 'system.parameterError', {}, 413);
    // A declared length bounds what the runtime reads; only a body without one is counted as it arrives.
    const text =
      length !== undefined && Number.isInteger(declared)
        ? // Decoded here: workerd warns when .text() reads a form-encoded body.
          new TextDecoder().decode(await c.req.raw.arrayBuffer())
        : await readBodyText(c.req.raw);
    body = parseBody(text, type);
    Object.assign(params, body);
  }
  c.set('params', params);
  c.set('body', body);
  await next();
});

/** Reads the body counting bytes as they arrive, so a chunked upload stops at the limit. */
async function readBodyText(req: Request): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new AppError(CODE.REFUSED, 'system.parameterError', {}, 413);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function parseBody(text: string, type: string): Params {
  if (text.trim() === '') return {};
  if (type.includes('application/x-www-form-urlencoded')) return parseFormParams(new URLSearchParams(text));
  // JSON is the default: the mobile client always sends it, sometimes without a content type.
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw refuse('system.parameterError');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse('system.parameterError');
  return parsed as Params;
}

/** Parses the request's parameter bag with a schema; the first issue's message key is the refusal. */
export function input<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
  from: 'params' | 'body' = 'params',
): v.InferOutput<S> {
  const result = v.safeParse(schema, c.get(from));
  if (result.success) return result.output;
  const key = result.issues[0]?.message;
  throw refuse(isMessageKey(key) ? key : 'system.parameterError');
}

/** Like input, from the body alone: passwords and codes are never read from the query string. */
export const credentials = <S extends v.GenericSchema>(c: Context<AppEnv>, schema: S) => input(c, schema, 'body');

function isMessageKey(key: string | undefined): key is Parameters<typeof refuse>[0] {
  return !!key && /^[a-z]+\.[A-Za-z]+$/.test(key);
}
