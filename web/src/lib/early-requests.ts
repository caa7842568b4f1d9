// Requests a cold start sends before the code that reads their answers has loaded (app/router's
// preloadRoute): a page's first data then travels beside its chunks instead of after them. The
// API client takes an answer from here when it sends the very same request (path and body) soon
// after; an answer nobody takes within TAKE_WITHIN_MS is never used.
import { storedLanguage } from './i18n';
import { getToken } from './storage-core';

const TAKE_WITHIN_MS = 10_000;

const early = new Map<string, { at: number; response: Promise<Response> }>();
const keyOf = (path: string, body: unknown) => `${path} ${JSON.stringify(body)}`;

/** POSTs `body` to `path` now, with the headers the API client sends, for it to take later. Signed in only. */
export function sendEarly(path: string, body: object): void {
  const token = getToken();
  if (!token) return;
  const response = fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': storedLanguage(), Authorization: token },
    body: JSON.stringify(body),
  });
  // A failure is the taker's to handle; one nobody takes must not surface as unhandled.
  response.catch(() => undefined);
  early.set(keyOf(path, body), { at: Date.now(), response });
}

/** The answer of the same request sent early, once; undefined when there is none (or it is too old). */
export function takeEarly(path: string, body: unknown): Promise<Response> | undefined {
  if (early.size === 0) return undefined;
  const key = keyOf(path, body);
  const entry = early.get(key);
  early.delete(key);
  return entry && Date.now() - entry.at < TAKE_WITHIN_MS ? entry.response : undefined;
}
