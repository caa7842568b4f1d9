// Test helpers: render the real route table in memory, and answer API calls from a table.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { connectNavigator, routes } from '../../web/src/app/router';
import { storage } from '../../web/src/lib/storage';

export function renderApp(path: string) {
  const router = connectNavigator(createMemoryRouter(routes, { initialEntries: [path] }));
  render(<RouterProvider router={router} />);
  return router;
}

export const currentPath = (router: ReturnType<typeof renderApp>) =>
  router.state.location.pathname + router.state.location.search;

type Handler = (body: Record<string, unknown>, init: RequestInit) => unknown;

/** Stubs fetch: each path answers `{code: 0, msg: '', data}` with its handler's result. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const handler = handlers[url];
    if (!handler) return new Response(JSON.stringify({ code: 404, msg: `no handler for ${url}`, data: null }));
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const result = handler(body, init);
    return result instanceof Response ? result : new Response(JSON.stringify({ code: 0, msg: '', data: result }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const systemInfo = (sysInfo: Record<string, string> = {}, demo = false) => ({
  sysInfo: { name: 'Parley', regtype: '1', regauth: '0', ...sysInfo },
  chatInfo: {},
  fileUpload: {},
  demon_mode: demo,
});

export const USER = { user_id: 7, id: 7, account: '13800000002', realname: 'Alice', displayName: 'Alice', avatar: '', email: '', motto: '', sex: 2 };

export function signIn(expiresInMs = 3_600_000) {
  storage.setSession('bearer test-token', Date.now() + expiresInMs);
  storage.setUserInfo(USER);
}
