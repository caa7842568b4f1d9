// The real app opened at a one-to-one chat with PEER over a faked API, for thread tests: the chat
// list answers `contact`, the history `messages`, the socket stays offline, and what each call was
// sent is kept. `withChatPage()` sets up and tears down around each test (sizes, sign-in, language).
import { act, render } from '@testing-library/react';
import { HashRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';

import { AppRoutes } from '../../web/src/app/router';
import { PATHS } from '../../web/src/config/paths';
import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { ME, PEER, summary } from './chat-factories';
import { signIn } from './helpers';

export interface Posted {
  url: string;
  body: Record<string, unknown>;
}

/** Opens the chat with PEER; answers the list of calls made (it grows as the app calls). */
export function openChatPage(messages: unknown[], contact: unknown = summary(PEER, { displayName: 'Bao' })): Posted[] {
  const posted: Posted[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      posted.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
      if (url === '/common/pub/wsTicket') throw new TypeError('offline');
      const data =
        url === '/enterprise/im/getContacts' ? [contact] : url === '/enterprise/im/getMessageList' ? messages : null;
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  window.history.pushState(null, '', `#${PATHS.chat}?id=${PEER}`);
  render(
    <HashRouter>
      <AppRoutes />
    </HashRouter>,
  );
  return posted;
}

/** Signed in as ME with a measurable thread before each test; fetch and the language restored after. */
export function withChatPage(): void {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
    signIn();
    storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });
}
