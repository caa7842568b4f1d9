// The open message menu is a step in the browser's history: a phone's Back closes the menu and
// stays in the chat, and closing it any other way (Escape, a tap outside, a scroll, an action)
// takes the step away, so the next Back leaves the chat. An action that navigates (Forward) runs
// once the step is gone: it is not undone, and leaves no extra step behind.
// The app runs for real in a hash router over jsdom's history; the network is a stand-in.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HashRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '../../web/src/app/router';
import { PATHS } from '../../web/src/config/paths';
import { storage } from '../../web/src/lib/storage';
import { ME, message, PEER, summary, wire } from './chat-factories';
import { signIn } from './helpers';

const CHAT = `#${PATHS.chat}?id=${PEER}`;
const HOME = `#${PATHS.home}`;
const MESSAGE = message(PEER, { seq: 1, msg_id: 1, content: 'see you at eight' });

/** Back, as the phone's button: resolves once the browser has moved (its popstate fired). */
async function goBack(): Promise<void> {
  const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await moved;
}

/** The chat with Bao, reached from the chat list (so a Back that leaves it lands there). */
async function openChat() {
  window.history.pushState(null, '', HOME);
  window.history.pushState(null, '', CHAT);
  render(
    <HashRouter>
      <AppRoutes />
    </HashRouter>,
  );
  await screen.findByText('see you at eight');
}

async function openMenu() {
  fireEvent.contextMenu(screen.getByTestId('bubble'));
  return screen.findByRole('menu');
}

const menuShown = () => screen.queryByRole('menu');
const inChat = () => window.location.hash === CHAT && screen.queryByRole('textbox', { name: 'Message' }) !== null;

beforeEach(() => {
  // jsdom lays nothing out: a screen's worth of room, or the virtualized thread shows no row.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/common/pub/wsTicket') throw new TypeError('offline');
      const data =
        url === '/enterprise/im/getContacts'
          ? [summary(PEER, { displayName: 'Bao' })]
          : url === '/enterprise/im/getMessageList'
            ? [wire(MESSAGE)]
            : {};
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('message menu and Back', () => {
  it('closes on Back and stays in the chat; the next Back leaves it', async () => {
    await openChat();
    await openMenu();
    await goBack();
    await waitFor(() => expect(menuShown()).toBeNull());
    expect(inChat()).toBe(true);

    await goBack();
    expect(window.location.hash).toBe(HOME);
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(window, { key: 'Escape' })],
    ['a tap outside', () => fireEvent.click(screen.getByRole('menu').parentElement!)],
    ['a scroll', () => fireEvent.scroll(window)],
  ])('takes its step away when closed by %s', async (_how, close) => {
    await openChat();
    await openMenu();
    close();
    await waitFor(() => expect(menuShown()).toBeNull());
    expect(inChat()).toBe(true);

    await goBack();
    expect(window.location.hash).toBe(HOME);
  });

  it('opens the forward picker from Forward, with no step left between it and the chat', async () => {
    await openChat();
    const lengthInChat = window.history.length;
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Forward' }));
    await screen.findByRole('searchbox', { name: 'Search' });
    expect(window.location.hash).toMatch(new RegExp(`^#${PATHS.userSelection}\\?mode=forward&msg=1&`));
    expect(window.history.length).toBe(lengthInChat + 1);

    await goBack();
    await waitFor(() => expect(inChat()).toBe(true));
    expect(menuShown()).toBeNull();
  });

  it('quotes the message from Quote and takes the step away', async () => {
    await openChat();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Quote' }));
    await waitFor(() => expect(menuShown()).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel quote' })).toBeTruthy();
    expect(inChat()).toBe(true);

    await goBack();
    expect(window.location.hash).toBe(HOME);
  });
});
