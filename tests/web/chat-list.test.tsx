// The messages tab: rows pinned first then newest, the right previews, the tab badge without
// muted chats, the long-press menu and the disconnected notice.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { storage } from '../../web/src/lib/storage';
import { card, ME, summary } from './chat-factories';
import { currentPath, renderApp, signIn } from './helpers';

const CONTACTS = [
  summary(21, { displayName: 'Anna', lastContent: 'see you\nsoon', lastSendTime: 3_000 }),
  summary(22, { displayName: 'Bao', is_top: 1, type: 'image', lastContent: '/file/3', lastSendTime: 1_000, unread: 2 }),
  summary(23, {
    displayName: 'Chi',
    is_notice: 0,
    type: 'voice',
    lastContent: '/file/4',
    lastSendTime: 5_000,
    unread: 5,
  }),
  summary(24, { displayName: 'Dung', lastContent: '', lastContentUndo: 1, lastFrom: ME, lastSendTime: 4_000 }),
  summary(25, { displayName: 'Em', lastContent: '', lastContentUndo: 1, lastFrom: 25, lastSendTime: 2_000, unread: 1 }),
  summary(26, { displayName: 'Phuong', lastContent: '', lastSendTime: 0 }),
];

function serve() {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      // No socket in jsdom: the ticket call fails like a dropped network (quietly, then retries).
      if (path === '/common/pub/wsTicket') throw new TypeError('offline');
      const data =
        path === '/enterprise/im/getContacts'
          ? CONTACTS
          : path === '/enterprise/im/getContactInfo'
            ? card(Number(body.id))
            : { id: body.id };
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  return calls;
}

async function openHome() {
  const calls = serve();
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  const router = renderApp('/');
  await screen.findByRole('button', { name: /Anna/ });
  return { calls, router, list: () => screen.getByRole('list', { name: 'Messages' }), user: userEvent.setup() };
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
const NAMES = ['Anna', 'Bao', 'Chi', 'Dung', 'Em'];
const order = (list: HTMLElement) => rowNames(list).map((row) => NAMES.find((name) => row.includes(name)));

describe('chat list', () => {
  it('lists chats with content, pinned first, then newest first', async () => {
    const { list } = await openHome();
    expect(order(list())).toEqual(['Bao', 'Chi', 'Dung', 'Anna', 'Em']);
    // Pinned rows say so to screen readers too (their grey background is only a look).
    const rows = within(list()).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Pinned')).toBeTruthy();
    expect(rows.slice(1).filter((row) => within(row).queryByText('Pinned'))).toHaveLength(0);
  });

  it('shows text as one plain line and placeholders for media and recalls', async () => {
    const { list } = await openHome();
    const text = rowNames(list()).join('|');
    expect(text).toContain('see you soon');
    expect(text).toContain('[Image]');
    expect(text).toContain('[Voice]');
    expect(text).toContain('You recalled a message');
    expect(text).toContain('Em recalled a message');
    expect(text).not.toContain('/file/');
  });

  it('counts unread on the messages tab without muted chats', async () => {
    await openHome();
    await waitFor(() => expect(screen.getByTestId('tab-badge-messages').textContent).toBe('3'));
  });

  it('opens the chat on tap', async () => {
    const { router, user } = await openHome();
    await user.click(screen.getByRole('button', { name: /Anna/ }));
    expect(currentPath(router)).toBe('/pages/message/chat?id=21');
  });

  it('pins a chat from the long-press menu at once and tells the server', async () => {
    const { list, calls, user } = await openHome();
    fireEvent.contextMenu(screen.getByRole('button', { name: /Anna/ }));
    await user.click(within(screen.getByRole('menu', { name: 'Anna' })).getByRole('menuitem', { name: 'Pin chat' }));
    expect(order(list())[0]).toBe('Anna');
    expect(calls.find((c) => c.path === '/enterprise/im/setChatTop')?.body).toMatchObject({ id: '21', is_top: 1 });
  });

  it('closes the long-press menu on Escape without changing anything', async () => {
    const { list, calls } = await openHome();
    const before = order(list());
    fireEvent.contextMenu(screen.getByRole('button', { name: /Anna/ }));
    expect(screen.getByRole('menu', { name: 'Anna' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(order(list())).toEqual(before);
    expect(calls.some((c) => c.path === '/enterprise/im/setChatTop')).toBe(false);
  });

  it('signs out to the login page with a dialog when another phone logged in to the account', async () => {
    const { router } = await openHome();
    act(() => chatStore.onEffect({ kind: 'loggedInElsewhere' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Your account has been logged in from another location!');
    expect(currentPath(router)).toBe('/pages/login/index');
    expect(storage.getToken()).toBeFalsy();
    // A dialog stays until read (the toast before it was gone after 2.5 s).
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offers a reconnect once the socket has given up', async () => {
    // Before the list shows: with no server answering the ticket, the notice may come at once.
    const reconnect = vi.spyOn(chatStore, 'reconnect');
    const { user } = await openHome();
    act(() => chatStore.set((s) => ({ ...s, socket: 'failed' })));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('WS communication is disconnected...');
    await user.click(within(notice).getByRole('button', { name: 'Reconnect' }));
    expect(reconnect).toHaveBeenCalled();
  });
});
