// A user the server puts out is told why: the 401's envelope names the reason
// (disabled, deleted, password reset by an operator, the site closed with the operator's text, a
// login that ended), and the re-login dialog and then the login page say it in the user's language
// instead of "Authorization information is invalid". An app with no request of its own in flight
// (browsing what it shows, the offline copy) is put out by its socket: the server closes it (4001)
// and the ticket asked for then carries the reason. While the dialog is up the socket stops asking
// for tickets.
import 'fake-indexeddb/auto';

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SignOut } from '@protocol/sign-out';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { apiPost } from '../../web/src/lib/api-client';
import { i18n } from '../../web/src/lib/i18n';
import { signOutReason } from '../../web/src/lib/sign-out-reason';
import { storage } from '../../web/src/lib/storage';
import { FakeSocket } from './fake-socket';
import { ME } from './friends-fakes';
import { mockApi, renderApp, signIn, systemInfo } from './helpers';

/** The Worker's refusal of an ended session (middleware/auth.ts): -1, HTTP 401, the reason in data. */
const refusal = (why: SignOut) =>
  new Response(JSON.stringify({ code: -1, msg: 'from the server', data: why }), { status: 401 });

/** Signed in at the chat list; every call answers normally until `refuse` names a reason. */
function openSignedIn(refuse: { now: SignOut | null }) {
  globalThis.indexedDB = new IDBFactory();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  const answer = (data: () => unknown) => () => (refuse.now ? refusal(refuse.now) : data());
  const fetchMock = mockApi({
    '/common/pub/getSystemInfo': () => systemInfo(),
    '/common/pub/wsTicket': answer(() => ({ ticket: 't' })),
    '/enterprise/im/getContacts': answer(() => []),
    '/enterprise/im/getUserInfo': answer(() => storage.getUserInfo()),
  });
  const router = renderApp(PATHS.home);
  return { router, tickets: () => fetchMock.mock.calls.filter(([url]) => url === '/common/pub/wsTicket').length };
}

const openSocket = async () => {
  await waitFor(() => expect(FakeSocket.made.length).toBeGreaterThan(0));
  const ws = FakeSocket.made.at(-1)!;
  act(() => ws.open());
  return ws;
};

beforeEach(() => signOutReason.set(null));
afterEach(() => {
  session.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const REASONS: [string, SignOut, string][] = [
  ['disabled', { reason: 'user.forbid', tips: '' }, 'an operator disabled this account'],
  ['deleted', { reason: 'user.removed', tips: '' }, 'an operator deleted this account'],
  ['password reset', { reason: 'user.passwordReset', tips: '' }, 'an operator reset your password'],
  ['site closed', { reason: 'system.siteClosed', tips: 'Back at noon' }, 'Parley is closed for now: Back at noon'],
  ['ended elsewhere', { reason: 'user.expired', tips: '' }, 'your password was changed or every login was ended'],
];

describe('a request refused because the session was ended', () => {
  it.each(REASONS)('%s: the dialog and then the login page say why', async (_, why, text) => {
    const refuse = { now: null as SignOut | null };
    const { router } = openSignedIn(refuse);
    await openSocket();
    refuse.now = why;
    const outcome = apiPost('/enterprise/im/getUserInfo', {}, v.unknown()).catch(() => undefined);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(text);
    expect(dialog.textContent).not.toContain('Authorization information is invalid');
    await userEvent.setup().click(within(dialog).getByRole('button'));
    await outcome;
    await waitFor(() => expect(router.location.pathname).toBe(PATHS.login));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
  });

  it('says it in Vietnamese and Chinese too, the operator’s closing text included', async () => {
    const texts = {
      vi: ['quản trị viên đã vô hiệu hóa tài khoản này', 'Parley đang tạm đóng: Về lúc 12 giờ'],
      'zh-CN': ['管理员已禁用此账号', 'Parley 暂时关闭：Về lúc 12 giờ'],
    };
    for (const [lang, [disabled, closed]] of Object.entries(texts)) {
      await act(() => i18n.changeLanguage(lang));
      for (const [why, text] of [
        [{ reason: 'user.forbid', tips: '' }, disabled],
        [{ reason: 'system.siteClosed', tips: 'Về lúc 12 giờ' }, closed],
      ] as const) {
        signOutReason.set(why);
        const view = renderApp(PATHS.login);
        expect((await screen.findByRole('alert')).textContent).toContain(text);
        expect(view.location.pathname).toBe(PATHS.login);
        session.stop();
        document.body.innerHTML = '';
      }
    }
  });
});

describe('an app with nothing in flight', () => {
  it('is put out by its socket: the server closes it (4001) and the ticket asked then says why', async () => {
    const refuse = { now: null as SignOut | null };
    const { router } = openSignedIn(refuse);
    const ws = await openSocket();
    refuse.now = { reason: 'user.forbid', tips: '' };
    act(() => ws.drop(4001));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('an operator disabled this account');
    await userEvent.setup().click(within(dialog).getByRole('button'));
    await waitFor(() => expect(router.location.pathname).toBe(PATHS.login));
    expect((await screen.findByRole('alert')).textContent).toContain('an operator disabled this account');
  });

  it('asks for no socket ticket every 5 s while the re-login dialog is up', async () => {
    const refuse = { now: null as SignOut | null };
    const { tickets } = openSignedIn(refuse);
    const ws = await openSocket();
    refuse.now = { reason: 'user.forbid', tips: '' };
    // Another request met the refusal first and opened the dialog; then the socket closed.
    void apiPost('/enterprise/im/getUserInfo', {}, v.unknown()).catch(() => undefined);
    await screen.findByRole('alertdialog');
    const before = tickets();
    vi.useFakeTimers();
    act(() => ws.drop(4001));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(tickets() - before).toBe(1);
    vi.useRealTimers();
    await userEvent.setup().click(within(screen.getByRole('alertdialog')).getByRole('button'));
  });
});
