// A cold start asks for its page's code before the app's own script has loaded (web/public/boot.js,
// reading index.html's #start-chunks), and its first data beside it (lib/early-requests): only
// when signed in, only for the chat list and a chat, and the API client takes each answer once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import BOOT from '../../web/public/boot.js?raw';
import { sendEarly, takeEarly } from '../../web/src/lib/early-requests';

const CHUNKS = {
  frame: ['assets/signed-in.js'],
  pages: { '/': ['assets/home.js'], '/pages/message/chat': ['assets/chat.js'] },
  texts: { vi: ['assets/vi.js'], en: ['assets/en.js'] },
};

function boot(hash: string): string[] {
  window.location.hash = hash;
  document.head.innerHTML = `<script type="application/json" id="start-chunks">${JSON.stringify(CHUNKS)}</script>`;
  new Function(BOOT)();
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')!);
}

const signIn = (expires = Date.now() + 60_000) => {
  localStorage.setItem('uni_id_token', JSON.stringify('bearer t'));
  localStorage.setItem('tokenExpired', JSON.stringify(expires));
};

describe('start preloads (boot.js)', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
  });

  it("asks a signed-in start for the frame, the page's chunks and the texts of the stored language", () => {
    signIn();
    localStorage.setItem('language', JSON.stringify('en'));
    expect(boot('#/pages/message/chat?id=2')).toEqual(['/assets/signed-in.js', '/assets/chat.js', '/assets/en.js']);
    document.head.innerHTML = '';
    localStorage.removeItem('language');
    expect(boot('#/')).toEqual(['/assets/signed-in.js', '/assets/home.js', '/assets/vi.js']);
  });

  it('asks for nothing signed out, with an expired session, or on a page it has no list for', () => {
    expect(boot('#/')).toEqual([]);
    signIn(Date.now() - 1000);
    expect(boot('#/')).toEqual([]);
    signIn();
    expect(boot('#/pages/mine/index')).toEqual([]);
  });
});

describe('early requests', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('hands the answer of a request sent early to the same request, once, and sends nothing signed out', () => {
    sendEarly('/enterprise/im/getContacts', {});
    expect(fetchMock).not.toHaveBeenCalled();
    signIn();
    sendEarly('/enterprise/im/getMessageList', { toContactId: '2', limit: 20 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(takeEarly('/enterprise/im/getMessageList', { toContactId: '3', limit: 20 })).toBeUndefined();
    expect(takeEarly('/enterprise/im/getMessageList', { toContactId: '2', limit: 20 })).toBeInstanceOf(Promise);
    expect(takeEarly('/enterprise/im/getMessageList', { toContactId: '2', limit: 20 })).toBeUndefined();
  });
});
