// The one way to call the server: POST JSON with the stored token and the UI
// language, a 10 s timeout, token refresh from response headers, and every failure shown
// to the user here so callers only handle success.
import * as v from 'valibot';

import { CODE } from '@protocol/codes';
import { EnvelopeSchema } from '@protocol/envelope';
import { parseJsonOrNull } from '@protocol/json';

import { showDialog } from '../components/ui/dialog';
import { showToast } from '../components/ui/toast';
import { takeEarly } from './early-requests';
import { allTextsReady, currentLanguage, i18n, type TKey } from './i18n';
import { endSession } from './session';
import { reasonOf, signOutReason, signOutText } from './sign-out-reason';
import { storage } from './storage';

export const REQUEST_TIMEOUT_MS = 10_000;
export const REFUSAL_TOAST_MS = 2500;
export const RELOGIN_DELAY_MS = 1000;

const answerListeners = new Set<() => void>();

/** Runs whenever the server answered a request (any status): the network is there. Answers the way to stop. */
export function onServerAnswer(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

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

let tokenChange: Promise<unknown> | null = null;

/**
 * Runs a call that replaces this session's token (a password change: the server retires every
 * token of the account and answers a fresh one for this device). The socket, closed by the same
 * change, may ask for a ticket with the old token before the fresh one is stored: a 401 to a
 * request sent meanwhile with a token since replaced is no sign-out, it fails quietly (the socket
 * retries with the fresh token) instead of showing the re-login dialog.
 */
export function whileTokenChanges<T>(call: Promise<T>): Promise<T> {
  const settled = call.then(
    () => undefined,
    () => undefined,
  );
  tokenChange = settled;
  void settled.then(() => {
    if (tokenChange === settled) tokenChange = null;
  });
  return call;
}

/** Whether the token a request went with has been replaced (waiting for a change under way). */
async function replacedMeanwhile(sentWith: string | undefined): Promise<boolean> {
  if (tokenChange) await tokenChange;
  return sentWith !== undefined && storage.getToken() !== sentWith;
}

// Several requests can fail with 401 together; the user should see one dialog, not a stack.
let authDialogOpen = false;

/** The 401's envelope says why (disabled, deleted, reset, site closed…): the dialog and then the login page say it. */
async function handleUnauthorized(json: unknown): Promise<never> {
  await allTextsReady;
  const why = reasonOf(json);
  const message = signOutText(i18n.t, why);
  if (!authDialogOpen) {
    authDialogOpen = true;
    signOutReason.set(why);
    await showDialog(message);
    authDialogOpen = false;
    endSession({ keepRedirect: true });
  }
  throw new ApiError('unauthorized', message);
}

function storeRefreshedToken(headers: Pick<Headers, 'get'>): void {
  const token = headers.get('x-refresh-token');
  const expired = Number(headers.get('x-token-expired'));
  if (token && Number.isFinite(expired) && expired > 0) storage.setSession(token, expired);
}

function fail(kind: ApiFailure, message: string, durationMs?: number, code?: number): never {
  // About the page that asked: it must not stay over the next one.
  showToast(message, durationMs, { ofPage: true });
  throw new ApiError(kind, message, code);
}

export interface ApiOptions {
  /** Network failures reject without a toast: the caller retries by itself (the outbox). */
  quietNetwork?: boolean;
  /** A background refresh nobody asked for: no failure of any kind shows a toast. */
  quiet?: boolean;
  /** How long to wait for an answer (for a form: how long nothing may move). */
  timeoutMs?: number;
  /** A form's upload progress, 0–1. */
  onUploadProgress?: (fraction: number) => void;
  /** The request must outlive the page (a call's hang-up sent as the tab closes). */
  keepalive?: boolean;
}

interface Answer {
  status: number;
  json: unknown;
}

function networkFailure(options: ApiOptions): never {
  const message = i18n.t('common.networkTimeout');
  if (options.quietNetwork) throw new ApiError('network', message);
  return fail('network', message);
}

/**
 * A form goes by XMLHttpRequest, the one browser API that reports upload progress. A large file
 * on a slow line may take minutes, so the limit is on a stall: nothing sent and no answer for
 * `timeoutMs`, counted again from every progress event and from the end of the upload.
 */
function sendForm(path: string, form: FormData, options: ApiOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const stallMs = options.timeoutMs ?? UPLOAD_STALL_MS;
    let timer = setTimeout(() => xhr.abort(), stallMs);
    const moved = () => {
      clearTimeout(timer);
      timer = setTimeout(() => xhr.abort(), stallMs);
    };
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = moved;
    xhr.onload = () => {
      clearTimeout(timer);
      storeRefreshedToken({ get: (name: string) => xhr.getResponseHeader(name) });
      resolve({ status: xhr.status, json: parseJsonOrNull(xhr.responseText) });
    };
    xhr.onerror = xhr.onabort = () => {
      clearTimeout(timer);
      reject(new Error('network'));
    };
    xhr.send(form);
  });
}

async function send(path: string, body: unknown, options: ApiOptions): Promise<Answer> {
  if (body instanceof FormData) return sendForm(path, body, options).catch(() => networkFailure(options));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const token = storage.getToken();
  try {
    // The same request sent at start (lib/early-requests) is answered already, or on its way.
    const response = await (takeEarly(path, body) ??
      fetch(path, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': currentLanguage(),
          ...(token ? { Authorization: token } : {}),
        },
        body: JSON.stringify(body),
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      }));
    storeRefreshedToken(response.headers);
    const json: unknown = await response.json().catch(() => undefined);
    return { status: response.status, json };
  } catch {
    return networkFailure(options);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * POSTs `body` to `path` and resolves with the envelope's data, checked by `schema`
 * (pass v.unknown() when the data is ignored). Rejects with ApiError after the user has
 * been told what went wrong.
 */
export async function apiPost<T>(
  path: string,
  body: object,
  schema: v.GenericSchema<unknown, T>,
  options: ApiOptions = {},
): Promise<T> {
  return (await apiPostEnvelope(path, body, schema, options)).data;
}

/** As apiPost, with the envelope's `count` and `page` beside the data (lists, getContacts' pending requests). */
export async function apiPostEnvelope<T>(
  path: string,
  body: object,
  schema: v.GenericSchema<unknown, T>,
  options: ApiOptions = {},
): Promise<{ data: T; count?: number; page?: number }> {
  const sentWith = storage.getToken();
  const failed = (kind: ApiFailure, message: string, durationMs?: number, code?: number): never => {
    if (options.quiet) throw new ApiError(kind, message, code);
    return fail(kind, message, durationMs, code);
  };
  const { status, json } = await send(path, body, options.quiet ? { ...options, quietNetwork: true } : options);
  for (const listener of [...answerListeners]) listener();
  if (status === 401)
    return (await replacedMeanwhile(sentWith)) ? networkFailure({ quietNetwork: true }) : handleUnauthorized(json);
  if (status === 500) return failed('http', await errorText('error.serverError'));

  const envelope = v.safeParse(EnvelopeSchema, json);
  if (!envelope.success) {
    if (status >= 200 && status < 300) return failed('invalid', await errorText('error.serverError'));
    return failed('http', await errorText('error.httpStatus', { status }));
  }
  const { code, msg, data, count, page } = envelope.output;
  if (code === CODE.RELOGIN) {
    signOutReason.set(reasonOf(json));
    showToast(msg);
    setTimeout(() => endSession({ keepRedirect: true }), RELOGIN_DELAY_MS);
    throw new ApiError('relogin', msg, code);
  }
  if (code !== CODE.OK) return failed('refused', msg || (await errorText('error.serverError')), REFUSAL_TOAST_MS, code);
  const parsed = v.safeParse(schema, data);
  return parsed.success
    ? { data: parsed.output, count, page }
    : failed('invalid', await errorText('error.serverError'));
}

/** An upload is given up after this long with nothing sent and no answer. */
export const UPLOAD_STALL_MS = 30_000;

/** Multipart upload (the original's uploadFile): the same envelope handling, with progress. */
export function apiPostForm<T>(
  path: string,
  form: FormData,
  schema: v.GenericSchema<unknown, T>,
  options: ApiOptions = {},
): Promise<T> {
  return apiPost(path, form, schema, options);
}
