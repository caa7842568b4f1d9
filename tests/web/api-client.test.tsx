// The API client (spec §7, §8): headers, envelope handling, token refresh, timeout, 401 dialog.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../web/src/components/ui/dialog';
import { ToastHost } from '../../web/src/components/ui/toast';
import { ApiError, apiPost, REQUEST_TIMEOUT_MS } from '../../web/src/lib/api-client';
import { registerNavigator } from '../../web/src/lib/navigation';
import { storage } from '../../web/src/lib/storage';

const json = (body: unknown, init?: ResponseInit) => new Response(JSON.stringify(body), init);

function stubFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((_url: string, init: RequestInit) => Promise.resolve(respond(init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHosts() {
  const navigate = vi.fn();
  registerNavigator({ navigate, currentPath: () => '/pages/mine/index' });
  render(<><ToastHost /><DialogHost /></>);
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
    expect(init.headers).toMatchObject({ Authorization: 'bearer abc', 'Accept-Language': 'en', 'Content-Type': 'application/json' });
  });

  it('shows the server message of a refusal and rejects', async () => {
    renderHosts();
    stubFetch(() => json({ code: 400, msg: 'Account already exists', data: null }));
    await expect(apiPost('/x', {}, v.unknown())).rejects.toMatchObject({ kind: 'refused', code: 400 });
    expect(await screen.findByText('Account already exists')).toBeTruthy();
  });

  it('stores a refreshed token sent in the response headers', async () => {
    stubFetch(() => json({ code: 0, msg: '', data: null }, { headers: { 'x-refresh-token': 'bearer fresh', 'x-token-expired': '1900000000000' } }));
    await apiPost('/x', {}, v.unknown());
    expect(storage.getToken()).toBe('bearer fresh');
    expect(storage.getTokenExpired()).toBe(1_900_000_000_000);
  });

  it('gives up after 10 s with "Network timeout!"', async () => {
    vi.useFakeTimers();
    renderHosts();
    stubFetch((init) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))));
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
