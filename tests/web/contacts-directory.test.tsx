// The address book files people under their index letter, filters the people it is given by name
// or account without regard to accents at once, adds whom the server's directory search finds
// (userList: pinyin initials, full accounts) once typing pauses, and says whose row was tapped.
// In run mode 1 tabs switch between my friends (getContacts' is_friend) and the organisation.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { CODE } from '@protocol/codes';

import { PATHS } from '../../web/src/config/paths';
import { ContactDirectory, type Person } from '../../web/src/features/contacts';
import { groupContacts } from '../../web/src/features/contacts/components/group-contacts';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { openApp, person as personInfo, push, serve, socket, summary } from './friends-fakes';

/** The directory asks the server through TanStack Query, as inside the signed-in app: a fresh client per render. */
function render(ui: ReactElement) {
  const client = makeQueryClient();
  return renderBare(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}

const person = (id: number, displayName: string, index?: string, account = `1380000${id}`): Person => ({
  id,
  displayName,
  avatar: '',
  account,
  index,
});

describe('address book sections', () => {
  it('groups by index letter A–Z with # last, names sorted inside', () => {
    const sections = groupContacts(
      [
        person(1, 'Zoe', 'Z'),
        person(2, '123', '#'),
        person(3, 'Bảo', 'B'),
        person(4, 'Anh', 'A'),
        person(5, 'Bach', 'B'),
      ],
      'vi',
    );
    expect(sections.map((s) => [s.letter, s.people.map((p) => p.displayName)])).toEqual([
      ['A', ['Anh']],
      ['B', ['Bach', 'Bảo']],
      ['Z', ['Zoe']],
      ['#', ['123']],
    ]);
  });

  it('files a person without an index letter under #', () => {
    expect(groupContacts([person(1, 'Ánh')]).map((s) => s.letter)).toEqual(['#']);
  });
});

const USER_LIST = '/enterprise/im/userList';

// The server finds nobody unless a test says otherwise.
beforeEach(() => void serve({ [USER_LIST]: () => [] }));
afterEach(() => vi.unstubAllGlobals());

describe('address book', () => {
  const PEOPLE = [person(1, 'Nguyễn Đức Anh', 'N'), person(2, 'Bao', 'B', '13900000002'), person(3, 'Chi', 'C')];

  it('lists everyone in letter sections with the count, and says who was tapped', () => {
    const onOpen = vi.fn();
    render(<ContactDirectory people={PEOPLE} loaded friendsOnly={false} onOpen={onOpen} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['B', 'C', 'N']);
    expect(screen.getByText('3 contacts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Chi/ }));
    expect(onOpen).toHaveBeenCalledWith(PEOPLE[2]);
  });

  it('filters by name without accents or by account', () => {
    render(<ContactDirectory people={PEOPLE} loaded friendsOnly={false} onOpen={() => undefined} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'duc' } });
    expect(screen.getByText('Nguyễn Đức Anh')).toBeTruthy();
    expect(screen.queryByText('Bao')).toBeNull();
    fireEvent.change(box, { target: { value: '0002' } });
    expect(screen.getByText('Bao')).toBeTruthy();
    expect(screen.queryByText('Chi')).toBeNull();
  });

  it('reads "loading" until the list has arrived, then "no contacts" when it is empty', () => {
    const { rerender } = render(
      <ContactDirectory people={[]} loaded={false} friendsOnly={false} onOpen={() => undefined} />,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    rerender(<ContactDirectory people={[]} loaded friendsOnly={false} onOpen={() => undefined} />);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('No contacts found')).toBeTruthy();
  });
});

describe('address book search on the server', () => {
  const LOCAL = [person(2, 'Bao', 'B', '139******02'), person(3, 'Chi', 'C')];
  const ZHANG = personInfo(4, {
    realname: '张三',
    displayName: '张三',
    index: 'Z',
    account: '138******04',
    relation: 'friend',
  });
  const ZHAO = personInfo(5, { realname: '赵四', displayName: '赵四', index: 'Z', account: '138******05' });
  const BAO = personInfo(2, {
    realname: 'Bao',
    displayName: 'Bao',
    index: 'B',
    account: '139******02',
    relation: 'friend',
  });

  const type = (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  const section = (name: string) => screen.getByRole('region', { name });

  it('adds whom the server finds by pinyin initials, in the letter sections, after the instant local matches', async () => {
    const server = serve({ [USER_LIST]: (body) => (body.keywords === 'zs' ? [ZHANG] : []) });
    const onOpen = vi.fn();
    render(<ContactDirectory people={LOCAL} loaded friendsOnly={false} onOpen={onOpen} />);
    type('zs');
    expect(screen.getByText('Searching…')).toBeTruthy();
    await within(await screen.findByRole('region', { name: 'Z' })).findByText('张三');
    expect(server.callsTo(USER_LIST)).toEqual([{ keywords: 'zs', page: 1, limit: 50 }]);
    expect(screen.getByText('1 contact')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /张三/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 4, displayName: '张三' }));
  });

  it('lists a person found both here and by the server once (a full account the masked list cannot match)', async () => {
    serve({ [USER_LIST]: (body) => (body.keywords === 'Bao' ? [BAO, ZHANG] : []) });
    render(<ContactDirectory people={LOCAL} loaded friendsOnly={false} onOpen={() => undefined} />);
    type('Bao');
    expect(within(section('B')).getByText('Bao')).toBeTruthy();
    await screen.findByText('张三');
    expect(screen.getAllByText('Bao')).toHaveLength(1);
    expect(screen.getByText('2 contacts')).toBeTruthy();
  });

  it('in run mode 2 lists only friends among my friends, and anyone else the server finds apart, as a card to open', async () => {
    serve({ [USER_LIST]: () => [ZHANG, ZHAO] });
    const onOpen = vi.fn();
    render(<ContactDirectory people={LOCAL} loaded friendsOnly onOpen={onOpen} />);
    type('z');
    const others = await screen.findByRole('region', { name: 'Other people' });
    expect(within(others).getByText('赵四')).toBeTruthy();
    expect(within(section('Z')).getByText('张三')).toBeTruthy();
    expect(within(section('Z')).queryByText('赵四')).toBeNull();
    expect(screen.getByText('1 contact')).toBeTruthy();
    fireEvent.click(within(others).getByRole('button', { name: /赵四/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('keeps the local matches when the server refuses (too many searches)', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: CODE.REFUSED, msg: 'Too many requests', data: null }), { status: 429 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<ContactDirectory people={LOCAL} loaded friendsOnly={false} onOpen={() => undefined} />);
    type('zz');
    expect(screen.getByText('Searching…')).toBeTruthy();
    await screen.findByText('No contacts found');
    expect(fetch).toHaveBeenCalledTimes(1);
    type('ch');
    expect(screen.getByText('Chi')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await new Promise((settled) => setTimeout(settled, 50));
    expect(screen.getByText('Chi')).toBeTruthy();
  });
});

describe('address book in run mode 1: my friends or the organisation', () => {
  const ORG = [
    summary(21, { displayName: 'Bao', index: 'B', is_friend: 1 }),
    summary(22, { displayName: 'Chi', index: 'C', is_friend: 0 }),
    summary(23, { displayName: 'Anh', index: 'A', is_friend: 1 }),
  ];
  const ZHANG = personInfo(4, { realname: '张三', displayName: '张三', index: 'Z', relation: 'friend' });
  const ZHAO = personInfo(5, { realname: '赵四', displayName: '赵四', index: 'Z' });
  const tab = (name: RegExp | string) => screen.getByRole('tab', { name });
  const selected = () =>
    screen
      .getAllByRole('tab')
      .filter((t) => t.getAttribute('aria-selected') === 'true')
      .map((t) => t.textContent);
  const letters = () =>
    within(screen.getByRole('navigation', { name: 'Jump to letter' }))
      .getAllByRole('button')
      .map((b) => b.textContent);

  beforeEach(
    () =>
      void serve({
        '/enterprise/im/getContacts': () => ORG,
        [USER_LIST]: (body) => (body.keywords === 'z' ? [ZHANG, ZHAO] : []),
      }),
  );

  it('opens on the organisation, and the Friends tab (with their count) lists only my friends, letters and count included', async () => {
    openApp(PATHS.contacts);
    await screen.findByText('Chi');
    expect(screen.getByRole('tablist', { name: 'Contact lists' })).toBeTruthy();
    expect(selected()).toEqual(['Organisation']);
    expect(screen.getByText('3 contacts')).toBeTruthy();
    fireEvent.click(tab('Friends (2)'));
    expect(selected()).toEqual(['Friends (2)']);
    expect(screen.getByRole('tabpanel', { name: 'Friends (2)' })).toBeTruthy();
    expect(screen.queryByText('Chi')).toBeNull();
    expect(screen.getByText('Bao')).toBeTruthy();
    expect(screen.getByText('2 contacts')).toBeTruthy();
    expect(letters()).toEqual(['A', 'B']);
  });

  it('moves between the two tabs with the arrow keys, focus following', async () => {
    openApp(PATHS.contacts);
    await screen.findByText('Chi');
    tab('Organisation').focus();
    fireEvent.keyDown(tab('Organisation'), { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Friends (2)']);
    expect(document.activeElement).toBe(tab('Friends (2)'));
    expect(tab('Organisation').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Friends (2)'), { key: 'ArrowRight' });
    expect(selected()).toEqual(['Organisation']);
    expect(screen.getByText('Chi')).toBeTruthy();
  });

  it('searches either view: among my friends, colleagues the server finds come apart; the words stay when switching', async () => {
    openApp(PATHS.contacts);
    await screen.findByText('Chi');
    fireEvent.click(tab('Friends (2)'));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'z' } });
    const others = await screen.findByRole('region', { name: 'Other people' });
    expect(within(others).getByText('赵四')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Z' })).getByText('张三')).toBeTruthy();
    fireEvent.click(tab('Organisation'));
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('z');
    await within(screen.getByRole('region', { name: 'Z' })).findByText('赵四');
    expect(screen.queryByRole('region', { name: 'Other people' })).toBeNull();
    expect(screen.getByText('2 contacts')).toBeTruthy();
  });

  it('keeps the chosen view when the list reloads, as when a friendship is made live', async () => {
    const live = { contacts: ORG };
    serve({ '/enterprise/im/getContacts': () => live.contacts, [USER_LIST]: () => [] });
    openApp(PATHS.contacts);
    await screen.findByText('Chi');
    fireEvent.click(tab('Friends (2)'));
    expect(screen.queryByText('Chi')).toBeNull();
    const ws = await socket();
    live.contacts = ORG.map((c) => (c.id === 22 ? { ...c, is_friend: 1 as const } : c));
    act(() => push(ws, 'appendContact', summary(22, { displayName: 'Chi', index: 'C', is_friend: 1 })));
    await screen.findByText('Chi');
    expect(selected()).toEqual(['Friends (3)']);
    expect(screen.getByText('3 contacts')).toBeTruthy();
  });

  it('shows no tabs in run mode 2, where the address book is my friends alone', async () => {
    openApp(PATHS.contacts, { runMode: '2' });
    await screen.findByText('Chi');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Friends' })).toBeTruthy();
  });
});
