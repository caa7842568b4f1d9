// The layout follows the window's width: below 1024 px the phone's pages one at a time (the tab
// bar along the bottom of the tab pages only); from 1024 px the rail, the chat list and the open
// chat side by side in one main, the details as a panel beside the chat, and the keyboard's
// Escape and Ctrl+K.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../web/src/lib/storage';
import { ME, summary } from './chat-factories';
import { currentPath, renderApp, signIn } from './helpers';

const CONTACTS = [
  summary(21, { displayName: 'Anna', lastContent: 'see you', lastSendTime: 3_000 }),
  summary(22, { displayName: 'Bao', lastContent: 'hello', lastSendTime: 2_000 }),
];

/** A window whose width is wide (≥ 1024 px) or not, resizable during a test: matchMedia as browsers have it. */
function windowOf(wide: boolean) {
  const listeners = new Set<() => void>();
  let matches = wide;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === '(min-width: 1024px)' ? matches : query === '(pointer: fine)';
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(toWide: boolean) {
      matches = toWide;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function open(path: string, wide: boolean) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (url === '/common/pub/wsTicket') throw new TypeError('offline');
    const data = url === '/enterprise/im/getContacts' ? CONTACTS : url === '/enterprise/im/getMessageList' ? [] : { id: body.id };
    return new Response(JSON.stringify({ code: 0, msg: '', data }));
  }));
  const media = windowOf(wide);
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  return { ...media, router: renderApp(path) };
}

const chatList = () => screen.queryByRole('list', { name: 'Messages' });
const composer = () => screen.queryByRole('textbox', { name: 'Message' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('layout by window width', () => {
  it('at 1024 px and wider, a chat link shows the chat list and the chat side by side, its row marked', async () => {
    open('/pages/message/chat?id=22', true);
    await screen.findByRole('textbox', { name: 'Message' });
    const row = await within(await screen.findByRole('list', { name: 'Messages' })).findByRole('button', { name: /Bao/ });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(within(chatList()!).getByRole('button', { name: /Anna/ }).getAttribute('aria-current')).toBeNull();
    // One main holds both panes; the tabs are a rail beside it with Messages selected.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const rail = screen.getByRole('navigation');
    expect(within(rail).getAllByRole('link')).toHaveLength(4);
    expect(within(rail).getByRole('link', { name: /Messages/ }).getAttribute('aria-current')).toBe('page');
  });

  it('at 1024 px and wider, the chat beside the list has no back arrow; below 1024 px it has', async () => {
    const window = open('/pages/message/chat?id=22', true);
    const top = async () => (await screen.findByRole('heading', { level: 1, name: 'Bao' })).closest('header')!;
    await screen.findByRole('textbox', { name: 'Message' });
    expect(within(await top()).queryByRole('button', { name: 'Back' })).toBeNull();
    window.resize(false);
    await waitFor(() => expect(chatList()).toBeNull());
    within(await top()).getByRole('button', { name: 'Back' });
  });

  it('at 1024 px and wider, the messages tab without a chat offers to choose one', async () => {
    open('/', true);
    await within(await screen.findByRole('list', { name: 'Messages' })).findByRole('button', { name: /Anna/ });
    expect(screen.getByRole('heading', { name: 'Choose a chat' })).toBeTruthy();
    expect(composer()).toBeNull();
  });

  it('below 1024 px a chat is a page of its own without tabs, and resizing switches between the layouts', async () => {
    const window = open('/pages/message/chat?id=22', false);
    await screen.findByRole('textbox', { name: 'Message' });
    expect(chatList()).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    window.resize(true);
    await screen.findByRole('list', { name: 'Messages' });
    expect(composer()).toBeTruthy();
    window.resize(false);
    await waitFor(() => expect(chatList()).toBeNull());
    expect(composer()).toBeTruthy();
  });

  it('below 1024 px the tab pages keep the tab bar along the bottom and show no "choose a chat"', async () => {
    open('/', false);
    await within(await screen.findByRole('list', { name: 'Messages' })).findByRole('button', { name: /Anna/ });
    expect(within(screen.getByRole('navigation')).getAllByRole('link')).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: 'Choose a chat' })).toBeNull();
  });

  it('at 1024 px and wider, the details open beside the chat and Escape closes them', async () => {
    const { router } = open('/pages/message/chat?id=22', true);
    await screen.findByRole('textbox', { name: 'Message' });
    await router.navigate('/pages/message/detail?id=22');
    const panel = await screen.findByRole('region', { name: 'Chat details' });
    await within(panel).findByText('Search chat history');
    expect(composer()).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(currentPath(router)).toBe('/pages/message/chat?id=22'));
    expect(screen.queryByRole('region', { name: 'Chat details' })).toBeNull();
  });

  it('at 1024 px and wider, Ctrl+K opens the search in the list pane with the chat kept open', async () => {
    const { router } = open('/pages/message/chat?id=22', true);
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await waitFor(() => expect(currentPath(router)).toBe('/pages/index/search?id=22'));
    await screen.findByPlaceholderText('Search contacts and messages');
    expect(composer()).toBeTruthy();
    expect(chatList()).toBeNull();
  });
});
