// The wire contract every endpoint shares: case-insensitive paths, the { code, msg, data }
// envelope, refusals instead of HTTP 500, the 256 KB body limit, and assets for non-API paths.
import { describe, expect, it } from 'vitest';

import { call, fetchWorker, loginUser, registerUser, uniqueIp } from './helpers';

const LIMIT = 256 * 1024;

/** A request body sent as a stream, so no Content-Length is declared (chunked upload). */
const streamed = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 16 * 1024) controller.enqueue(bytes.slice(i, i + 16 * 1024));
      controller.close();
    },
  });

describe('paths', () => {
  it('matches API paths in any letter case, as original clients call /common/Pub/login', async () => {
    const { account, password } = await registerUser();
    const { body } = await call('/common/Pub/Login', { account, password }, { ip: uniqueIp() });
    expect(body.code).toBe(0);
    expect((await call('/COMMON/PUB/GETSYSTEMINFO')).body.code).toBe(0);
  });

  it('ignores a trailing slash', async () => {
    expect((await call('/common/pub/getSystemInfo/')).body.code).toBe(0);
  });

  it('answers an unknown API path with a not-found envelope, never a 500', async () => {
    const { token } = await loginUser();
    const known = await call('/enterprise/im/nope', {}, { token });
    expect(known.status).toBe(404);
    expect(known.body).toMatchObject({ code: 404, data: null });
    expect(known.body.msg).toBe('The requested resource does not exist');
    const pub = await call('/common/pub/nope', {});
    expect(pub.status).toBe(404);
    expect(pub.body.code).toBe(404);
  });

  it('asks for a login before revealing whether an /enterprise path exists', async () => {
    const { status, body } = await call('/enterprise/im/nope', {});
    expect(status).toBe(401);
    expect(body.code).toBe(-1);
  });

  it('answers a GET of a POST-only API path with an envelope', async () => {
    const res = await fetchWorker('/common/pub/login');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(404);
  });

  it('hands a non-API path to the static assets instead of the API handler', async () => {
    const res = await fetchWorker('/chat/some-conversation', { headers: { accept: 'text/html' } });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type') ?? '').not.toContain('application/json');
  });
});

describe('the envelope', () => {
  it('carries code, msg, data, count and page on success, and nosniff on every answer', async () => {
    const { headers, body } = await call('/common/pub/getSystemInfo');
    expect(Object.keys(body).sort()).toEqual(['code', 'count', 'data', 'msg', 'page']);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('translates refusals into Vietnamese when no language is asked for', async () => {
    const { body } = await call('/common/pub/login', {}, { lang: '', ip: uniqueIp() });
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Vui lòng nhập mật khẩu');
  });

  it('translates refusals into Chinese for zh Accept-Language', async () => {
    const { body } = await call('/common/pub/login', {}, { lang: 'zh-TW,zh;q=0.9', ip: uniqueIp() });
    expect(body.code).toBe(400);
    expect(body.msg).not.toBe('Please enter the password');
    expect(body.msg).not.toBe('Vui lòng nhập mật khẩu');
  });
});

describe('request bodies', () => {
  it('refuses a body declared larger than 256 KB', async () => {
    const { status, body } = await call('/common/pub/login', undefined, {
      raw: JSON.stringify({ account: 'x', password: 'p'.repeat(LIMIT) }),
      ip: uniqueIp(),
    });
    expect(status).toBe(413);
    expect(body.code).not.toBe(0);
    expect(body.data).toBeNull();
  });

  it('refuses a streamed body over 256 KB that declares no length', async () => {
    const res = await fetchWorker('/common/pub/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(`"${'a'.repeat(LIMIT + 10)}"`),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).not.toBe(0);
  });

  it('counts the limit in bytes, so multi-byte characters cannot smuggle a larger body', async () => {
    // 100,000 three-byte characters: 300 KB on the wire, but only 100,000 UTF-16 units.
    const res = await fetchWorker('/common/pub/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(JSON.stringify({ account: 'x', password: '€'.repeat(100_000) })),
    });
    expect(res.status).toBe(413);
  });

  it('refuses a multipart body on a JSON endpoint without a 500', async () => {
    const form = new FormData();
    form.set('account', 'someone');
    form.set('password', 'secret12');
    const res = await fetchWorker('/common/pub/login', {
      method: 'POST',
      headers: { 'cf-connecting-ip': uniqueIp() },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(400);
  });

  it.each(['{', '[]', 'true', '"x"', '\u0000'])('answers the body %j with a refusal, never a 500', async (raw) => {
    const { status, body } = await call('/enterprise/im/getUserInfo', undefined, { raw });
    expect(status).toBeLessThan(500);
    expect(body.code).not.toBe(0);
  });
});

describe('request paths', () => {
  it('reads the path of a URL as URL.pathname does', async () => {
    const { pathOf } = await import('../../worker/services/request-path');
    for (const url of [
      'http://parley.test/common/pub/login',
      'https://a.b:8787/enterprise/im/getContacts?x=1&y=/z',
      'http://h/',
      'http://h',
      'http://h?q=1',
      'http://h/a%20b/?c',
    ]) {
      expect(pathOf(url)).toBe(new URL(url).pathname);
    }
  });
});
