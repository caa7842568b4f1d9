// The path of an absolute request URL, read without parsing the whole URL: routing needs it on
// every request. Percent-escapes stay as they are, as in URL.pathname.
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.indexOf('?', start);
  return url.slice(start, end === -1 ? undefined : end);
}

/**
 * The last path segment as sent, percent-decoded ('' when it does not decode): routing lower-cases
 * paths (they are case-insensitive) and a signed QR token is not, so the token is read from the
 * request's own URL.
 */
export function tokenInPath(url: string): string {
  const segment = pathOf(url).replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
