// Test helpers: render the real route table in memory, and answer API calls from a table.
import { act, render } from '@testing-library/react';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { vi } from 'vitest';

import { AppRoutes } from '../../web/src/app/router';
import { storage } from '../../web/src/lib/storage';

/** What a test sees of the in-memory router: where it is now, and a way to go elsewhere. */
export interface AppRouterHandle {
  readonly location: Location;
  navigate: (to: string) => Promise<void>;
}

/** Renders the app's route table (the real one, guards included) in a memory router at `path`. */
export function renderApp(path: string): AppRouterHandle {
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  function Probe() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Probe />
    </MemoryRouter>,
  );
  return {
    get location() {
      return location!;
    },
    navigate: (to) => act(async () => void (await navigate!(to))),
  };
}

export const currentPath = (router: AppRouterHandle) => router.location.pathname + router.location.search;

type Handler = (body: Record<string, unknown>, init: RequestInit) => unknown;

/** Stubs fetch: each path answers `{code: 0, msg: '', data}` with its handler's result. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const handler = handlers[url];
    if (!handler) return new Response(JSON.stringify({ code: 404, msg: `no handler for ${url}`, data: null }));
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    const result = await handler(body, init);
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

export const USER = {
  user_id: 7,
  id: 7,
  account: '13800000002',
  realname: 'Alice',
  displayName: 'Alice',
  avatar: '',
  email: '',
  motto: '',
  sex: 2,
};

export function signIn(expiresInMs = 3_600_000) {
  storage.setSession('bearer test-token', Date.now() + expiresInMs);
  storage.setUserInfo(USER);
}
