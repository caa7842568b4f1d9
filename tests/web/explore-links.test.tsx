// The explore tab and the web view: the configured links (compass) in their order as
// a list or a grid, switched-off ones left out, an empty state; in-app links navigate, outside
// ones open the web view, which frames only http(s) pages, sandboxed, with "Open in browser".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { compassOf, webAddress } from '../../web/src/features/explore/utils/compass';
import { currentPath, mockApi, renderApp, signIn, systemInfo, USER } from './helpers';

const entry = (over: Record<string, unknown>) => ({
  icon: '',
  name: 'Docs',
  type: '2',
  url: 'https://docs.example/',
  order: 1,
  status: '1',
  ...over,
});

const COMPASS = (mode: '1' | '2') => ({
  status: '1',
  mode,
  list: [
    entry({ name: 'Wiki', url: 'https://wiki.example/start?a=1&b=2', order: 3 }),
    entry({ name: 'Hidden', order: 0, status: '0' }),
    entry({ name: 'Settings', type: '1', url: '/pages/mine/setting', order: 1 }),
    entry({ name: 'Bad', url: 'javascript:alert(1)', order: 2 }),
    entry({ name: 'News', url: 'https://news.example/', order: 2 }),
  ],
});

function openExplore(compass: unknown) {
  const info = { ...systemInfo(), compass };
  mockApi({ '/common/pub/getSystemInfo': () => info, '/enterprise/im/getUserInfo': () => USER });
  signIn();
  const router = renderApp('/pages/third/index');
  return { router, user: userEvent.setup() };
}

describe('explore tab', () => {
  it('lists the links in their order, without the switched-off and the unsafe ones', async () => {
    openExplore(COMPASS('1'));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Links' });
    // (The letter standing in for a missing icon is hidden from screen readers: names start with the visible text.)
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['SSettings', 'NNews (web page)', 'WWiki (web page)']);
    for (const name of [/^Settings$/, /^News ?\(web page\)$/, /^Wiki ?\(web page\)$/])
      expect(within(list).getByRole('link', { name })).toBeTruthy();
    expect(list.className).not.toContain('grid');
    // A tab page: no back button.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('shows a grid in mode 2', async () => {
    openExplore(COMPASS('2'));
    const list = await screen.findByRole('list', { name: 'Links' });
    expect(list.className).toContain('grid');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
  });

  it('shows an empty state when nothing is configured or the compass is off', async () => {
    openExplore({ ...COMPASS('1'), status: '0' });
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Links' })).toBeNull();
    expect(compassOf({}).links).toEqual([]);
    expect(compassOf({ compass: { status: '1', mode: '1', list: [] } }).links).toEqual([]);
  });

  it('navigates in the app for an in-app link, and to the web view for an outside one', async () => {
    const { router, user } = openExplore(COMPASS('1'));
    await user.click(await screen.findByRole('link', { name: /^Wiki ?\(web page\)$/ }));
    await waitFor(() => expect(router.location.pathname).toBe('/pages/mine/webview'));
    const params = new URLSearchParams(router.location.search);
    expect(params.get('url')).toBe('https://wiki.example/start?a=1&b=2');
    expect(params.get('title')).toBe('Wiki');
    await router.navigate('/pages/third/index');
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(currentPath(router)).toBe('/pages/mine/setting'));
  });
});

function openWebView(url: string, title = 'Wiki', compass: unknown = COMPASS('1')) {
  mockApi({
    '/common/pub/getSystemInfo': () => ({ ...systemInfo(), compass }),
    '/enterprise/im/getUserInfo': () => USER,
  });
  signIn();
  renderApp(`/pages/mine/webview?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`);
}

describe('web view', () => {
  it('frames a page the explore tab lists, sandboxed, without a referrer, with "Open in browser"', async () => {
    openWebView('https://wiki.example/start?a=1&b=2');
    expect(await screen.findByRole('heading', { name: 'Wiki' })).toBeTruthy();
    const frame = await screen.findByTitle('Wiki');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://wiki.example/start?a=1&b=2');
    const sandbox = frame.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-forms', 'allow-popups']));
    // Scripts together with the app's own origin could lift the sandbox: never both.
    expect(sandbox).not.toContain('allow-same-origin');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    const open = screen.getByRole('link', { name: 'Open in browser' });
    expect(open.getAttribute('href')).toBe('https://wiki.example/start?a=1&b=2');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('never frames a crafted link to a page the explore tab does not list: the address as text, "Open in browser", not its title', async () => {
    openWebView('https://evil.example/login', 'Parley sign-in');
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This page is not one of the explore tab's links, so it is not opened here. Open it in your browser only if you trust it:",
    );
    expect(screen.getByText('https://evil.example/login')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open in browser' });
    expect(open.getAttribute('href')).toBe('https://evil.example/login');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Parley sign-in' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Web page' })).toBeTruthy();
  });

  it('frames nothing while the explore tab is switched off, even a link it listed', async () => {
    openWebView('https://wiki.example/start?a=1&b=2', 'Wiki', { ...COMPASS('1'), status: '0' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refuses anything but an http(s) address', async () => {
    openWebView('javascript:alert(document.cookie)');
    expect((await screen.findByRole('alert')).textContent).toBe('This address cannot be opened here');
    expect(document.querySelector('iframe')).toBeNull();
    for (const bad of [
      'data:text/html,<b>x</b>',
      'blob:https://x/1',
      '/pages/mine/setting',
      '//evil.example/',
      'file:///etc/passwd',
      '',
      null,
    ]) {
      expect(webAddress(bad), String(bad)).toBeNull();
    }
    expect(webAddress('http://intranet.example/x')).toBe('http://intranet.example/x');
  });
});
