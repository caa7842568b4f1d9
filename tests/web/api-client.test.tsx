// The API client: headers, envelope handling, token refresh, timeout, 401 dialog.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DialogHost } from '../../web/src/components/ui/dialog';
import { ToastHost } from '../../web/src/components/ui/toast';
import { ApiError, apiPost, apiPostForm, REQUEST_TIMEOUT_MS, UPLOAD_STALL_MS } from '../../web/src/lib/api-client';
import { registerNavigator } from '../../web/src/lib/navigation';
import { storage } from '../../web/src/lib/storage';
import { FakeXhr } from './fake-xhr';

const json = (body: unknown, init?: ResponseInit) => new Response(JSON.stringify(body), init);

function stubFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) => Promise.resolve(respond(init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHosts() {
  const navigate = vi.fn();
  registerNavigator({ navigate, currentPath: () => '/pages/mine/index' });
  render(
    <>
      <ToastHost />
      <DialogHost />
    </>,
  );
  return navigate;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client', () => {
  it('posts JSON with the stored token verbatim and the UI language', async () => {
    storage.setSession('bearer abc', Date.now() + 60_000);
    const fetchMock = stubFetch(() => json({ code: 0, msg: 'ok', data: { n: 1 } }));
    await expect(apiPost('/x', { a: 1 }, v.object({ n: v.number() }))).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      Authorization: 'bearer abc',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
    });
  });

  it('shows the server message of a refusal and rejects', async () => {
    renderHosts();
    stubFetch(() => json({ code: 400, msg: 'Account already exists', data: null }));
    await expect(apiPost('/x', {}, v.unknown())).rejects.toMatchObject({ kind: 'refused', code: 400 });
    expect(await screen.findByText('Account already exists')).toBeTruthy();
  });

  it('stores a refreshed token sent in the response headers', async () => {
    stubFetch(() =>
      json(
        { code: 0, msg: '', data: null },
        { headers: { 'x-refresh-token': 'bearer fresh', 'x-token-expired': '1900000000000' } },
      ),
    );
    await apiPost('/x', {}, v.unknown());
    expect(storage.getToken()).toBe('bearer fresh');
    expect(storage.getTokenExpired()).toBe(1_900_000_000_000);
  });

  it('gives up after 10 s with "Network timeout!"', async () => {
    vi.useFakeTimers();
    renderHosts();
    stubFetch(
      (init) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const call = apiPost('/x', {}, v.unknown());
    const outcome = call.catch((error: unknown) => error);
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS));
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(screen.getByText('Network timeout!')).toBeTruthy();
  });

  it('on HTTP 500 says the server returned an error', async () => {
    renderHosts();
    stubFetch(() => new Response('boom', { status: 500 }));
    await expect(apiPost('/x', {}, v.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('The server returned an error, please check!')).toBeTruthy();
  });

  it('on HTTP 401 asks the user to log in again, then clears the session and goes to login', async () => {
    storage.setSession('bearer old', Date.now() + 60_000);
    const navigate = renderHosts();
    stubFetch(() => new Response('', { status: 401 }));
    const outcome = apiPost('/x', {}, v.unknown()).catch((error: unknown) => error);
    await screen.findByText('Authorization information is invalid, please login again!');
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await outcome).toMatchObject({ kind: 'unauthorized' });
    expect(storage.getToken()).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/pages/login/index?redirect=%2Fpages%2Fmine%2Findex', { replace: true });
  });

  it('on code -1 shows the message and goes to login after 1 s', async () => {
    vi.useFakeTimers();
    storage.setSession('bearer old', Date.now() + 60_000);
    const navigate = renderHosts();
    stubFetch(() => json({ code: -1, msg: 'Please log in again', data: null }));
    const outcome = apiPost('/x', {}, v.unknown()).catch((error: unknown) => error);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(await outcome).toMatchObject({ kind: 'relogin' });
    expect(screen.getByText('Please log in again')).toBeTruthy();
    expect(navigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(navigate).toHaveBeenCalled();
    expect(storage.getToken()).toBeUndefined();
  });
});

describe('api client: uploads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const form = () => {
    const f = new FormData();
    f.set('file', new Blob(['x'.repeat(1000)]), 'a.txt');
    return f;
  };

  it('posts the form with the token and language, reports progress and reads the envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storage.setSession('bearer abc', Date.now() + 60_000);
    const seen: number[] = [];
    const sent = form();
    const result = apiPostForm('/common/upload/uploadFile', sent, v.object({ id: v.string() }), {
      onUploadProgress: (f) => seen.push(f),
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/common/upload/uploadFile', sent]);
    expect(xhr.headers).toEqual({ Authorization: 'bearer abc', 'Accept-Language': 'en' });
    xhr.progress(250, 1000);
    xhr.progress(1000, 1000);
    xhr.answer(
      200,
      { code: 0, msg: '', data: { id: 'm1' } },
      { 'x-refresh-token': 'bearer new', 'x-token-expired': String(Date.now() + 120_000) },
    );
    await expect(result).resolves.toEqual({ id: 'm1' });
    expect(seen).toEqual([0.25, 1]);
    expect(storage.getToken()).toBe('bearer new');
  });

  it('waits as long as the upload moves, and gives up after 30 s of nothing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const outcome = apiPostForm('/common/upload/uploadFile', form(), v.unknown(), { quietNetwork: true }).catch(
      (error: unknown) => error,
    );
    const xhr = FakeXhr.last!;
    // A slow line: four minutes of upload, a little every 20 s.
    for (let s = 20; s <= 240; s += 20) {
      await vi.advanceTimersByTimeAsync(20_000);
      xhr.progress(s, 240);
    }
    expect(xhr.aborted).toBe(false);
    // Then nothing: given up 30 s after the last progress, as a quiet network failure.
    await vi.advanceTimersByTimeAsync(UPLOAD_STALL_MS - 1);
    expect(xhr.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.aborted).toBe(true);
    expect(await outcome).toMatchObject({ kind: 'network', message: 'Network timeout!' });
  });

  it('turns a refusal of an upload into the usual refused error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderHosts();
    const result = apiPostForm('/common/upload/uploadFile', form(), v.unknown(), { quietNetwork: true });
    FakeXhr.last!.answer(200, { code: 400, msg: 'File type not allowed', data: null });
    await expect(result).rejects.toMatchObject({ kind: 'refused', code: 400 });
    expect(await screen.findByText('File type not allowed')).toBeTruthy();
  });
});
