// The one way to call the server (spec §7, §8): POST JSON with the stored token and the UI
// language, a 10 s timeout, token refresh from response headers, and every failure shown
// to the user here so callers only handle success.
import * as v from 'valibot';
import { showDialog } from '../components/ui/dialog';
import { showToast } from '../components/ui/toast';
import { allTextsReady, currentLanguage, i18n, type TKey } from './i18n';
import { endSession } from './session';
import { storage } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;
export const REFUSAL_TOAST_MS = 2500;
export const RELOGIN_DELAY_MS = 1000;

const EnvelopeSchema = v.object({
  code: v.number(),
  msg: v.optional(v.string(), ''),
  data: v.optional(v.unknown()),
  count: v.optional(v.number()),
  page: v.optional(v.number()),
});

export type ApiFailure = 'network' | 'unauthorized' | 'http' | 'invalid' | 'refused' | 'relogin';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiFailure,
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The text of a failure. The error texts are not among those bundled for the first screen
 * (lib/i18n); the full set is requested at start-up, so this normally waits for nothing.
 * (The network-failure text is bundled: it must show even when nothing else can load.)
 */
async function errorText(key: TKey, options: { status?: number } = {}): Promise<string> {
  await allTextsReady;
  return i18n.t(key, options);
}

// Several requests can fail with 401 together; the user should see one dialog, not a stack.
let authDialogOpen = false;

async function handleUnauthorized(): Promise<never> {
  const message = await errorText('error.authInvalid');
  if (!authDialogOpen) {
    authDialogOpen = true;
    await showDialog(message);
    authDialogOpen = false;
    endSession({ keepRedirect: true });
  }
  throw new ApiError('unauthorized', message);
}

function storeRefreshedToken(headers: Headers): void {
  const token = headers.get('x-refresh-token');
  const expired = Number(headers.get('x-token-expired'));
  if (token && Number.isFinite(expired) && expired > 0) storage.setSession(token, expired);
}

function fail(kind: ApiFailure, message: string, durationMs?: number, code?: number): never {
  showToast(message, durationMs);
  throw new ApiError(kind, message, code);
}

export interface ApiOptions {
  /** Network failures reject without a toast: the caller retries by itself (the outbox). */
  quietNetwork?: boolean;
  /** Uploads may take longer than the 10 s request timeout. */
  timeoutMs?: number;
}

async function send(path: string, body: unknown, options: ApiOptions): Promise<{ status: number; json: unknown }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const token = storage.getToken();
  const isForm = body instanceof FormData;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: {
        // A form sets its own multipart boundary.
        ...(isForm ? {} : { 'Content-Type': 'application/json' }),
        'Accept-Language': currentLanguage(),
        ...(token ? { Authorization: token } : {}),
      },
      body: isForm ? body : JSON.stringify(body),
      signal: controller.signal,
    });
    storeRefreshedToken(response.headers);
    const json: unknown = await response.json().catch(() => undefined);
    return { status: response.status, json };
  } catch {
    const message = i18n.t('common.networkTimeout');
    if (options.quietNetwork) throw new ApiError('network', message);
    return fail('network', message);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` to `path` and resolves with the envelope's data, checked by `schema`
 * (pass v.unknown() when the data is ignored). Rejects with ApiError after the user has
 * been told what went wrong.
 */
export async function apiPost<T>(path: string, body: object, schema: v.GenericSchema<unknown, T>, options: ApiOptions = {}): Promise<T> {
  const { status, json } = await send(path, body, options);
  if (status === 401) return handleUnauthorized();
  if (status === 500) return fail('http', await errorText('error.serverError'));

  const envelope = v.safeParse(EnvelopeSchema, json);
  if (!envelope.success) {
    if (status >= 200 && status < 300) return fail('invalid', await errorText('error.serverError'));
    return fail('http', await errorText('error.httpStatus', { status }));
  }
  const { code, msg, data } = envelope.output;
  if (code === -1) {
    showToast(msg);
    setTimeout(() => endSession({ keepRedirect: true }), RELOGIN_DELAY_MS);
    throw new ApiError('relogin', msg, code);
  }
  if (code !== 0) return fail('refused', msg || (await errorText('error.serverError')), REFUSAL_TOAST_MS, code);
  const parsed = v.safeParse(schema, data);
  return parsed.success ? parsed.output : fail('invalid', await errorText('error.serverError'));
}

/** Multipart upload (spec §7 uploadFile): same envelope handling, a longer timeout. */
export const UPLOAD_TIMEOUT_MS = 120_000;
export function apiPostForm<T>(path: string, form: FormData, schema: v.GenericSchema<unknown, T>, options: ApiOptions = {}): Promise<T> {
  return apiPost(path, form, schema, { timeoutMs: UPLOAD_TIMEOUT_MS, ...options });
}
