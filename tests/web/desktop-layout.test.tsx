// The layout follows the window's width: below 1024 px the phone's pages one at a time (the tab
// bar along the bottom of the tab pages only); from 1024 px the rail, the chat list and the open
// chat side by side in one main, the details, a group's page, its members and a person's card as a
// panel beside the chat (WhatsApp Web's), the keyboard's Escape and Ctrl+K; and at any width a
// page opened by a link starts at its top.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { storage } from '../../web/src/lib/storage';
import { ME, summary } from './chat-factories';
import { openApp, person } from './friends-fakes';
import { fakeGroup, GROUP, serveGroup } from './groups-fakes';
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      if (url === '/common/pub/wsTicket') throw new TypeError('offline');
      const data =
        url === '/enterprise/im/getContacts'
          ? CONTACTS
          : url === '/enterprise/im/getMessageList'
            ? []
            : { id: body.id };
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
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
    const row = await within(await screen.findByRole('list', { name: 'Messages' })).findByRole('button', {
      name: /Bao/,
    });
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(within(chatList()!).getByRole('button', { name: /Anna/ }).getAttribute('aria-current')).toBeNull();
    // One main holds both panes; the tabs are a rail beside it with Messages selected.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    const rail = screen.getByRole('navigation');
    expect(within(rail).getAllByRole('link')).toHaveLength(4);
    expect(
      within(rail)
        .getByRole('link', { name: /Messages/ })
        .getAttribute('aria-current'),
    ).toBe('page');
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

describe('the right-hand panel at 1024 px and wider', () => {
  const panel = (name: string) => screen.findByRole('region', { name });

  it("a group's page, its members and a member's card open one after another beside the group's chat; Escape closes each", async () => {
    windowOf(true);
    serveGroup(fakeGroup(3), { '/enterprise/im/getUserInfo': () => person(22, { displayName: 'Chi' }) });
    const router = openApp(`${PATHS.chat}?id=${GROUP}`);
    await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.click(screen.getByRole('link', { name: 'Chat details' }));
    fireEvent.click(await within(await panel('Chat details')).findByRole('link', { name: /Hikers/ }));

    const info = await panel('Group info');
    await within(info).findByText('Meet at 7');
    expect(screen.queryByRole('region', { name: 'Chat details' })).toBeNull();
    expect(composer()).toBeTruthy();
    expect(chatList()).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);

    fireEvent.click(within(info).getByRole('link', { name: /All members \(4\)/ }));
    const members = await panel('Group members');
    fireEvent.click(await within(members).findByRole('link', { name: /Chi/ }));
    const card = await panel('Contact details');
    await within(card).findByRole('heading', { name: 'Chi' });
    expect(composer()).toBeTruthy();
    expect(currentPath(router)).toBe(`${PATHS.contactDetail}?id=22`);

    fireEvent.keyDown(window, { key: 'Escape' });
    await panel('Group members');
    fireEvent.keyDown(window, { key: 'Escape' });
    await panel('Group info');
    fireEvent.keyDown(window, { key: 'Escape' });
    await panel('Chat details');
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.chat}?id=${GROUP}`));
    expect(screen.queryByRole('region', { name: 'Chat details' })).toBeNull();
    expect(composer()).toBeTruthy();
  });

  it("a group chat's details beside the chat hold its members, announcement and the settings the viewer may use", async () => {
    windowOf(true);
    serveGroup(fakeGroup(1));
    const router = openApp(`${PATHS.chatDetail}?id=${GROUP}`);
    const details = await panel('Chat details');
    await within(details).findByText('Meet at 7');
    expect(within(details).getByRole('button', { name: 'Edit' })).toBeTruthy();
    const avatars = within(details).getByRole('region', { name: 'Members' });
    expect(within(avatars).getByText('Chi')).toBeTruthy();
    expect(within(details).getByText('Group management')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Group QR code' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Dissolve group' })).toBeTruthy();
    expect(within(details).getByRole('switch', { name: 'Pin chat' })).toBeTruthy();
    expect(composer()).toBeTruthy();
    // The full list opens as the next panel, beside the same chat.
    fireEvent.click(within(details).getByRole('link', { name: /All members \(4\)/ }));
    await panel('Group members');
    expect(currentPath(router)).toBe(`${PATHS.groupUsers}?id=${GROUP}`);
    expect(composer()).toBeTruthy();
  });

  it("a plain member's group details panel offers only what a member may use", async () => {
    windowOf(true);
    serveGroup(fakeGroup(3, { setting: { manage: 1, invite: 0, profile: 1, history: 0, nospeak: 0 } }));
    openApp(`${PATHS.chatDetail}?id=${GROUP}`);
    const details = await panel('Chat details');
    await within(details).findByText('Meet at 7');
    expect(within(details).getByRole('link', { name: /All members \(4\)/ })).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(details).queryByRole('link', { name: 'Add members' })).toBeNull();
    expect(within(details).queryByText('Group management')).toBeNull();
    expect(within(details).getByRole('button', { name: 'Leave group' })).toBeTruthy();
  });

  it("a group's page opened by its address stands beside the group's chat", async () => {
    windowOf(true);
    serveGroup(fakeGroup(3));
    openApp(`${PATHS.groupInfo}?id=${GROUP}`);
    const info = await panel('Group info');
    await within(info).findByText('Meet at 7');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    // The chat is right there: the panel does not link to it (a phone's page does).
    expect(within(info).queryByRole('link', { name: 'Open chat' })).toBeNull();
    expect(within(info).getByRole('link', { name: /All members/ })).toBeTruthy();
  });

  it("a person's card opened from the contacts tab stays a page of its own", async () => {
    windowOf(true);
    serveGroup(fakeGroup(3), { '/enterprise/im/getUserInfo': () => person(22, { displayName: 'Chi' }) });
    openApp(`${PATHS.contactDetail}?id=22`);
    await screen.findByRole('heading', { name: 'Chi' });
    expect(screen.queryByRole('region', { name: 'Contact details' })).toBeNull();
    expect(chatList()).toBeNull();
  });
});

describe('a page opened by a link', () => {
  it('starts at the top, at either width', async () => {
    for (const wide of [false, true]) {
      windowOf(wide);
      serveGroup(fakeGroup(3), { '/enterprise/im/getUserInfo': () => person(22, { displayName: 'Chi' }) });
      const router = openApp(`${PATHS.groupUsers}?id=${GROUP}`);
      await screen.findAllByText('Chi');
      const scrollTo = vi.spyOn(window, 'scrollTo');
      await act(() => router.navigate(`${PATHS.contactDetail}?id=22`));
      await screen.findByRole('heading', { name: 'Chi' });
      expect(scrollTo).toHaveBeenCalledWith(0, 0);
      scrollTo.mockRestore();
      cleanup();
    }
  });
});
