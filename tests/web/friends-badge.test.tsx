// The count of friend requests waiting for me: on the address book tab and its New invites row,
// from the chat list's envelope, up with a request that arrives live, down (to nothing) when it is
// answered on another device (applyCount). And the address book itself: who is listed by run mode,
// a person's page on tap, a friend gone on removeGroup, a new name on updateUser (none: a deleted account).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { chatPreview } from '../../web/src/features/chat/components/chat-list/chat-preview';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { groupEventText } from '../../web/src/features/chat/utils/group-event-text';
import { groupContacts } from '../../web/src/features/contacts/components/group-contacts';
import { i18n } from '../../web/src/lib/i18n';
import { card, chatState, contact, frame, message, PEER } from './chat-factories';
import { applyEvent, envelope, openApp, person, push, serve, socket, summary } from './friends-fakes';
import { currentPath } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const tabBadge = () => screen.getByTestId('tab-badge-contacts').textContent;
const invitesRow = () => screen.getByRole('link', { name: /New invites/ });

function server(count: number) {
  const live = {
    contacts: [
      summary(21, { displayName: 'Bao', index: 'B' }),
      summary(22, { displayName: 'Chi', index: 'C' }),
      summary(23, { displayName: 'Anh', index: 'A' }),
    ],
  };
  const srv = serve({
    '/enterprise/im/getContacts': () => envelope({ data: live.contacts, count, page: 1_700_000_000_000 }),
  });
  return { ...srv, live };
}

describe('the friend request badge', () => {
  it('counts the waiting requests from the chat list, one more arriving live, and clears when answered elsewhere', async () => {
    server(1);
    openApp(PATHS.contacts);
    await screen.findByText('Bao');
    await waitFor(() => expect(tabBadge()).toBe('1'));
    expect(within(invitesRow()).getByLabelText('1 friend request waiting')).toBeTruthy();

    const ws = await socket();
    act(() => push(ws, 'simple', applyEvent(5, person(30, { displayName: 'Phuong' }), 2)));
    await waitFor(() => expect(tabBadge()).toBe('2'));
    expect(within(invitesRow()).getByText('2')).toBeTruthy();

    // Answered on my phone: this tab hears the new count.
    act(() => push(ws, 'applyCount', { count: 0, page: 1_700_000_100_000 }));
    await waitFor(() => expect(tabBadge()).toBe(''));
    expect(within(invitesRow()).queryByText(/\d/)).toBeNull();
  });

  it('keeps a friend request out of the chat list (the system inbox is counted apart)', () => {
    const start = chatState({ contacts: [contact(PEER)] });
    const { state } = applyFrame(start, frame('simple', applyEvent(5, person(30), 3)), {
      clientId: 'x',
      isMobile: false,
      multipleLogin: true,
    });
    expect(state).toBe(start);
  });
});

describe('the address book', () => {
  it('lists the people in letter sections, with New invites and Group chats above, and opens a person’s page', async () => {
    const router = (server(0), openApp(PATHS.contacts));
    await screen.findByText('Bao');
    expect(screen.getByRole('link', { name: 'Group chats' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Organisation' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('3 contacts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Chi/ }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.contactDetail}?id=22`));
  });

  it('calls the list Friends in run mode 2', async () => {
    server(0);
    openApp(PATHS.contacts, { runMode: '2' });
    await screen.findByText('Bao');
    expect(screen.getByRole('heading', { name: 'Friends' })).toBeTruthy();
  });

  it('drops a friend who removed me (removeGroup) and renames one whose name or my remark changed (updateUser)', async () => {
    const srv = server(0);
    openApp(PATHS.contacts);
    await screen.findByText('Bao');
    const ws = await socket();
    await waitFor(() => expect(srv.callsTo('/enterprise/im/getContacts')).toHaveLength(2));
    // Bao deleted me: the server's list no longer has him, and the socket says so.
    srv.live.contacts = srv.live.contacts.filter((c) => c.id !== 21);
    act(() => push(ws, 'removeGroup', { group_id: 21 }));
    await waitFor(() => expect(screen.queryByText('Bao')).toBeNull());
    expect(screen.getByText('2 contacts')).toBeTruthy();
    act(() => push(ws, 'updateUser', { id: 22, realname: 'Chi', displayName: 'Chi from work', avatar: '', motto: '' }));
    await screen.findByText('Chi from work');
    expect(chatStore.getState().contacts.find((c) => c.id === 22)?.displayName).toBe('Chi from work');
    // An operator deleted Chi's account: the frame carries no name, and the app says who it was not.
    act(() => push(ws, 'updateUser', { id: 22, realname: '', displayName: '', avatar: '', motto: '' }));
    await screen.findByText('Deleted user');
    expect(chatStore.getState().contacts.find((c) => c.id === 22)?.is_deleted).toBe(1);
  });

  it('sorts names by the language’s collation: Vietnamese letters in place, Chinese by pinyin', () => {
    const p = (id: number, displayName: string, index: string) => ({ id, displayName, avatar: '', index });
    expect(
      groupContacts([p(1, 'Ðức', 'D'), p(2, 'Dung', 'D'), p(3, 'Dũng', 'D')], 'vi')[0]!.people.map(
        (x) => x.displayName,
      ),
    ).toEqual(['Dung', 'Dũng', 'Ðức']);
    // 张 zhāng, 李 lǐ, 王 wáng: by pinyin l < w < z (not by code point: 张 U+5F20 < 李 U+674E < 王 U+738B).
    const zh = groupContacts([p(1, '张三', '#'), p(2, '李四', '#'), p(3, '王五', '#')], 'zh-CN');
    expect(zh[0]!.people.map((x) => x.displayName)).toEqual(['李四', '王五', '张三']);
  });
});

describe('removeGroup in the chat store', () => {
  // Run mode 2: the chat list follows friendships.
  const DEVICE = { clientId: 'x', isMobile: false, multipleLogin: true, friendsOnly: true };
  const loaded = (peer: number) => ({
    [String(peer)]: { messages: [message(peer)], hasMore: false, loaded: true, peerReadSeq: 0 },
  });

  it('drops the contact and its loaded history when the chat is not open', () => {
    const start = chatState({ contacts: [contact(PEER), contact(9)], threads: loaded(PEER) });
    const { state } = applyFrame(start, frame('removeGroup', { group_id: PEER }), DEVICE);
    expect(state.contacts.map((c) => c.id)).toEqual([9]);
    expect(thread(state, String(PEER)).messages).toEqual([]);
  });

  it('keeps an open chat readable, marked removed, and drops it when it closes', () => {
    const start = chatState({
      contacts: [contact(PEER), contact(9)],
      threads: loaded(PEER),
      openContact: String(PEER),
    });
    const { state } = applyFrame(start, frame('removeGroup', { group_id: PEER }), DEVICE);
    expect(state.contacts.find((c) => c.id === PEER)?.removed).toBe(true);
    expect(thread(state, String(PEER)).messages).toHaveLength(1);
    act(() => chatStore.set(() => state));
    chatStore.closeChat(String(PEER));
    expect(chatStore.getState().contacts.map((c) => c.id)).toEqual([9]);
    act(() => chatStore.set(() => chatState()));
  });

  it('in run mode 1 keeps the person (still in the directory) and asks for the list again', () => {
    const start = chatState({ contacts: [contact(PEER), contact(9)], threads: loaded(PEER) });
    const { state, effects } = applyFrame(start, frame('removeGroup', { group_id: PEER }), {
      ...DEVICE,
      friendsOnly: false,
    });
    expect(state.contacts.map((c) => c.id)).toEqual([PEER, 9]);
    expect(thread(state, String(PEER)).messages).toHaveLength(1);
    expect(effects).toEqual([{ kind: 'reloadContacts' }]);
  });

  it('takes a new name and avatar from updateUser, and ignores someone not in the list', () => {
    const start = chatState({ contacts: [contact(PEER)] });
    const renamed = applyFrame(
      start,
      frame('updateUser', { id: PEER, realname: 'X', displayName: 'My remark', avatar: '/a.png', motto: '' }),
      DEVICE,
    ).state;
    expect(renamed.contacts[0]).toMatchObject({ displayName: 'My remark', avatar: '/a.png' });
    const stranger = applyFrame(
      start,
      frame('updateUser', { id: 99, realname: 'X', displayName: 'X', avatar: '', motto: '' }),
      DEVICE,
    ).state;
    expect(stranger.contacts).toEqual(start.contacts);
  });

  it('makes a deleted account nameless: the contact read-only, its messages on screen without name or picture', () => {
    const theirs = message(PEER, { content: 'bye' });
    const mine = message(7, { content: 'see you' });
    const start = chatState({
      contacts: [contact(PEER, { displayName: 'Bao', avatar: '/b.png' })],
      threads: { [String(PEER)]: { messages: [theirs, mine], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const gone = applyFrame(
      start,
      frame('updateUser', { id: PEER, realname: '', displayName: '', avatar: '', motto: '' }),
      DEVICE,
    ).state;
    expect(gone.contacts[0]).toMatchObject({ displayName: 'Deleted user', avatar: '', is_deleted: 1 });
    const [bye, seeYou] = gone.threads[String(PEER)]!.messages;
    expect(bye!.fromUser).toMatchObject({ displayName: '', avatar: '' });
    expect(seeYou).toBe(mine);
  });
});

describe('a friend lost while their chat is open', () => {
  it('keeps the chat with its name on screen and says they are no longer friends', async () => {
    const srv = server(0);
    serve({
      '/enterprise/im/getContacts': () => envelope({ data: srv.live.contacts, count: 0, page: 0 }),
      '/enterprise/im/getMessageList': () => [],
      '/enterprise/im/getContactInfo': (body) => card(Number(body.id)),
      '/enterprise/im/setMsgIsRead': () => ({ readSeq: 0 }),
    });
    openApp(`${PATHS.chat}?id=21`, { runMode: '2' });
    await screen.findByText('Bao', { selector: 'h1' });
    const ws = await socket();
    srv.live.contacts = srv.live.contacts.filter((c) => c.id !== 21);
    act(() => push(ws, 'removeGroup', { group_id: 21 }));
    expect((await screen.findByText('You are no longer friends')).getAttribute('role')).toBe('status');
    expect(screen.getByText('Bao', { selector: 'h1' })).toBeTruthy();
  });
});

describe('the chat a new friendship opens', () => {
  it('words its empty event row "You are now friends — say hi" in the reader’s language', async () => {
    const row = contact(PEER, { type: 'event', lastContent: '' });
    expect(chatPreview(row, { me: 7, nameOf: () => undefined, t: i18n.t })).toBe('You are now friends — say hi');
    await i18n.changeLanguage('vi');
    expect(chatPreview(row, { me: 7, nameOf: () => undefined, t: i18n.t })).toBe(
      'Hai bạn đã là bạn bè — hãy chào nhau nhé',
    );
  });

  it('shows the line in the thread itself, in the reader’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    const system = { kind: 'friends' as const, actor: { id: PEER, name: 'Bảo' }, targets: [{ id: 7, name: 'Me' }] };
    expect(groupEventText(system, 7, i18n.t)).toBe('你们已经是好友了，打个招呼吧');
    await i18n.changeLanguage('en');
  });
});
