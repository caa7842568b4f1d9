// Browser-safety headers on every answer: the app page and its assets (served by the asset
// binding from dist/client), API answers and refusals; API answers are never stored, while
// downloads keep their own sandboxing policy and revalidated caching.
import { describe, expect, it } from 'vitest';

import { call, fetchWorker, loginUser, operator, pngBytes, uploadFile } from './helpers';

function expectBrowserSafety(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("img-src 'self' blob: data:");
  expect(csp).toContain("media-src 'self' blob:");
  expect(csp).toContain("connect-src 'self' ws://parley.test");
  expect(csp).toContain("frame-ancestors 'none'");
  // The service worker and the install manifest: this origin only, no blob: or data: worker.
  expect(csp).toMatch(/(^|; )worker-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|; )manifest-src 'self'(;|$)/);
  // The web view frames outside https pages only: never plain http, never data:/blob:/javascript:.
  expect(csp).toMatch(/(^|; )frame-src https:(;|$)/);
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('permissions-policy')).toContain('camera=(self), microphone=(self)');
}

describe('the app page and its assets', () => {
  it('serves / with the strict policy', async () => {
    const res = await fetchWorker('/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expectBrowserSafety(res.headers);
    expect(res.headers.get('cache-control') ?? '').not.toContain('no-store');
  });

  it('serves a built script under /assets/ with the same headers', async () => {
    const html = await (await fetchWorker('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '/assets/missing.js';
    const res = await fetchWorker(script);
    expectBrowserSafety(res.headers);
    await res.arrayBuffer();
  });

  it('serves a deep link (the single-page fallback) with the same headers', async () => {
    const res = await fetchWorker('/pages/login/index', { headers: { accept: 'text/html' } });
    expectBrowserSafety(res.headers);
    await res.arrayBuffer();
  });

  it('names the secure socket when the page is served over https', async () => {
    const { exports } = await import('cloudflare:workers');
    const secure = await exports.default.fetch(
      new Request('https://chat.example/', { headers: { accept: 'text/html' } }),
    );
    expect(secure.headers.get('content-security-policy')).toContain("connect-src 'self' wss://chat.example");
    await secure.arrayBuffer();
  });
});

describe('API answers', () => {
  it('are never stored and carry the same headers', async () => {
    const { headers } = await call('/common/pub/getSystemInfo');
    expect(headers.get('cache-control')).toBe('no-store');
    expectBrowserSafety(headers);
  });

  it('refusals and unknown paths are never stored either', async () => {
    const refused = await call('/enterprise/im/getContactInfo', { id: 1 });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const unknown = await fetchWorker('/common/pub/nothing-here', { method: 'POST' });
    expect(unknown.headers.get('cache-control')).toBe('no-store');
    expectBrowserSafety(unknown.headers);
  });

  it("every /manage answer is never stored: the console's data, its refusals and unknown console paths", async () => {
    const admin = await operator(2);
    const user = await loginUser();
    const answers = [
      await call('/manage/user/index', {}, { token: admin.token }), // users, emails, addresses
      await call('/manage/user/detail', { user_id: 'x' }, { token: admin.token }), // a bad body
      await call('/manage/config/setConfig', { name: 'sysInfo', value: {} }, { token: admin.token }), // super only
      await call('/manage/user/index', {}, { token: user.token }), // not an operator
      await call('/manage/user/index', {}), // no token
    ];
    expect(answers.map((a) => [a.status, a.body.code === 0])).toEqual([
      [200, true],
      [200, false],
      [200, false],
      [200, false],
      [401, false],
    ]);
    for (const { headers } of answers) {
      expect(headers.get('cache-control')).toBe('no-store');
      expectBrowserSafety(headers);
    }
    const unknown = await fetchWorker('/manage/nothing-here', {
      method: 'POST',
      headers: { authorization: admin.token },
    });
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('downloads keep their sandbox and private revalidated caching', async () => {
    const [a, b] = await Promise.all([loginUser(), loginUser()]);
    const up = await uploadFile(a.token, b.userInfo.user_id, 'p.png', pngBytes(4, 4));
    const res = await fetchWorker(up.body.data.content, { headers: { authorization: a.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    await res.arrayBuffer();
  });
});

describe('the policy with RealtimeKit', () => {
  it("lets the SDK reach Cloudflare's realtime hosts only when the operator turned it on", async () => {
    const { contentSecurityPolicy } = await import('../../worker/middleware/security-headers');
    const url = new URL('https://chat.example/');
    expect(contentSecurityPolicy(url)).toMatch(/connect-src 'self' wss:\/\/chat\.example(;|$)/);
    const on = contentSecurityPolicy(url, true);
    expect(on).toContain(
      "connect-src 'self' wss://chat.example https://*.realtime.cloudflare.com wss://*.realtime.cloudflare.com",
    );
    expect(on).not.toContain('unsafe-inline');
  });

  it('is what the page gets when the RealtimeKit secrets are set (as in these tests)', async () => {
    const res = await fetchWorker('/', { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain('wss://*.realtime.cloudflare.com');
    await res.arrayBuffer();
  });
});
