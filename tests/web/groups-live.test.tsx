// Group frames keep every screen current: the chat's header counts the members, the composer says
// why I cannot write (my own mute with its end, "only admins", "only the owner") instead of
// letting me type, and the chat list gains, renames and drops groups as the server tells.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { i18n } from '../../web/src/lib/i18n';
import { envelope, openApp, push, socket } from './friends-fakes';
import { cardOf, fakeGroup, GROUP, groupRow, ME, member, serveGroup } from './groups-fakes';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CHAT = `${PATHS.chat}?id=${GROUP}`;

/** A system line of the group as the server pushes it. */
const lineMessage = (system: Record<string, unknown>) => ({
  id: `sys-${Math.random()}`,
  msg_id: 5,
  seq: 5,
  type: 'event',
  content: '',
  extends: { system },
  pid: 0,
  sendTime: Date.now(),
  from_user: 21,
  fromUser: { id: 21, user_id: 21, realname: 'Bình', displayName: 'Bình', avatar: '' },
  is_undo: 0,
  file: null,
  status: 'succeed',
  toContactId: GROUP,
  toUser: GROUP,
  is_group: 1,
  is_read: 0,
  unread: 0,
});
const textbox = () => screen.queryByRole('textbox');

describe('group frames and the chat screen', () => {
  it('shows the member count in the header and follows members joining', { timeout: 20_000 }, async () => {
    const g = fakeGroup(3);
    serveGroup(g);
    openApp(CHAT);
    expect(await screen.findByText('4 members', {}, { timeout: 15_000 })).toBeTruthy();
    const ws = await socket();
    g.members.push(member(24, 3, 'Giang'));
    act(() => push(ws, 'addGroupUser', { group_id: GROUP, user_ids: [24] }));
    expect(await screen.findByText('5 members')).toBeTruthy();
  });

  it('closes the composer while I am muted, saying until when, and opens it when unmuted', async () => {
    const g = fakeGroup(3);
    serveGroup(g);
    openApp(CHAT);
    await screen.findByText('4 members');
    expect(textbox()).toBeTruthy();
    const ws = await socket();
    const until = Math.floor(Date.now() / 1000) + 3600;
    g.members.find((m) => m.user_id === ME)!.no_speak_time = until;
    act(() => push(ws, 'setNoSpeak', { group_id: GROUP, user_id: ME, no_speak_time: until }));
    expect(
      (await screen.findByText(/^You cannot send messages: Muted until .* \(1 hour left\)$/)).getAttribute('role'),
    ).toBe('status');
    expect(textbox()).toBeNull();

    g.members.find((m) => m.user_id === ME)!.no_speak_time = 0;
    act(() => push(ws, 'setNoSpeak', { group_id: GROUP, user_id: ME, no_speak_time: 0 }));
    await waitFor(() => expect(textbox()).toBeTruthy());
  });

  it('says "only admins" to a member when the owner mutes everyone, but lets an admin write', async () => {
    const g = fakeGroup(3);
    serveGroup(g);
    openApp(CHAT);
    await screen.findByText('4 members');
    const ws = await socket();
    g.setting = { ...g.setting, nospeak: 1 };
    act(() => push(ws, 'groupSetting', { group_id: GROUP, setting: g.setting }));
    expect(await screen.findByText('Only the owner and group admins can send messages in this group')).toBeTruthy();
    expect(textbox()).toBeNull();

    // Made an admin: may write again.
    g.members.find((m) => m.user_id === ME)!.role = 2;
    act(() => push(ws, 'setManager', { group_id: GROUP, user_id: ME, role: 2 }));
    await waitFor(() => expect(textbox()).toBeTruthy());

    g.setting = { ...g.setting, nospeak: 2 };
    act(() => push(ws, 'groupSetting', { group_id: GROUP, setting: g.setting }));
    expect(await screen.findByText('Only the owner can send messages in this group')).toBeTruthy();
  });

  it('renames the chat, and keeps it read-only when I am removed: the notice instead of the composer, no member count', async () => {
    const g = fakeGroup(3);
    const server = serveGroup(g);
    openApp(CHAT);
    await screen.findByRole('heading', { level: 1, name: 'Hikers' });
    await screen.findByText('4 members');
    const ws = await socket();
    act(() => push(ws, 'editGroupName', { id: GROUP, displayName: 'Trail crew', editUserName: 'Bình' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trail crew' })).toBeTruthy();

    g.members = g.members.filter((m) => m.user_id !== ME);
    const reads = server.callsTo('/enterprise/im/setMsgIsRead').length;
    act(() =>
      push(
        ws,
        'group',
        lineMessage({ kind: 'removed', actor: { id: 21, name: 'Bình' }, targets: [{ id: ME, name: 'Alice' }] }),
      ),
    );
    act(() => push(ws, 'removeUser', { group_id: GROUP, user_id: ME }));
    act(() => push(ws, 'removeGroup', { group_id: GROUP, reason: 'removed' }));
    expect((await screen.findByText('You were removed from this group')).getAttribute('role')).toBe('status');
    expect(textbox()).toBeNull();
    expect(screen.queryByText(/members$/)).toBeNull();
    // Nothing asked to mark the line that removed me read (the server would refuse, with a toast).
    await act(async () => {});
    expect(server.callsTo('/enterprise/im/setMsgIsRead').length).toBe(reads);
  });

  it('after a reload, opens a former group read-only with its reason, asking the server only for the history it kept for me, in each language', async () => {
    const g = fakeGroup(3);
    const server = serveGroup(g, {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(g), gone: 'dissolved', groupUserCount: 0, role: 0 }], count: 0, page: 0 }),
    });
    openApp(CHAT);
    expect(await screen.findByText('This group was dissolved')).toBeTruthy();
    expect(textbox()).toBeNull();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText('Nhóm này đã bị giải tán')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('该群聊已解散')).toBeTruthy();
    expect(server.callsTo('/enterprise/group/groupInfo')).toEqual([]);
    expect(server.callsTo('/enterprise/im/getMessageList')).toHaveLength(1);
    expect(server.callsTo('/enterprise/im/setMsgIsRead')).toEqual([]);
  });

  it("offers only deleting the chat in a former group's details, saying why, and asks the server nothing about the group", async () => {
    const g = fakeGroup(3);
    const server = serveGroup(g, {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(g), gone: 'removed', groupUserCount: 0, role: 0 }], count: 0, page: 0 }),
    });
    openApp(`${PATHS.chatDetail}?id=${GROUP}`);
    expect((await screen.findByText('You were removed from this group')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('button', { name: 'Delete chat' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Hikers/ })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('Search chat history')).toBeNull();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('你已被移出该群聊')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(server.callsTo('/enterprise/group/groupInfo')).toEqual([]);
  });

  it("offers only Delete chat in a former group's long-press menu", async () => {
    const g = fakeGroup(3);
    serveGroup(g, {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(g), gone: 'dissolved', groupUserCount: 0, role: 0 }], count: 0, page: 0 }),
    });
    openApp(PATHS.home);
    fireEvent.contextMenu(await screen.findByRole('button', { name: /Hikers/ }));
    const menu = await screen.findByRole('menu', { name: 'Hikers' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Delete chat', 'Cancel']);
  });

  it('adds a new group to the chat list and keeps a dissolved one until I delete it', async () => {
    const g = fakeGroup(3);
    // The server's list as it stands: a reload (the socket opening) gives what the frames said.
    const rows = [groupRow(g)];
    const server = serveGroup(g, { '/enterprise/im/getContacts': () => envelope({ data: rows, count: 0, page: 0 }) });
    openApp(PATHS.home);
    await screen.findByText('Hikers');
    const ws = await socket();
    // The list asked again when the socket opened: let that answer land before the frames.
    await waitFor(() => expect(server.callsTo('/enterprise/im/getContacts').length).toBe(2));
    await act(async () => {});
    const other = { ...cardOf(g), id: 'group-9', group_id: 9, displayName: 'Book club', name: 'Book club' };
    rows.push({
      ...groupRow(g),
      id: 'group-9',
      displayName: 'Book club',
      realname: 'Book club',
      lastContent: 'Welcome',
    });
    act(() => push(ws, 'addGroup', other));
    act(() =>
      push(ws, 'group', {
        id: 'm-1',
        msg_id: 1,
        seq: 1,
        type: 'text',
        content: 'Welcome',
        extends: null,
        pid: 0,
        sendTime: Date.now(),
        from_user: 21,
        fromUser: { id: 21, user_id: 21, realname: 'Bình', displayName: 'Bình', avatar: '' },
        is_undo: 0,
        file: null,
        status: 'succeed',
        toContactId: 'group-9',
        toUser: 'group-9',
        is_group: 1,
        is_read: 0,
        unread: 1,
      }),
    );
    expect(await screen.findByText('Book club')).toBeTruthy();
    rows[0] = { ...rows[0]!, gone: 'dissolved' };
    act(() => push(ws, 'removeGroup', { group_id: GROUP, reason: 'dissolved' }));
    await act(async () => {});
    expect(screen.getByText('Hikers')).toBeTruthy();
    expect(screen.getByText('Book club')).toBeTruthy();
    // Deleted (on another device): it leaves the list.
    act(() => push(ws, 'delChat', { id: GROUP, is_group: 1, hidden: 1 }));
    await waitFor(() => expect(screen.queryByText('Hikers')).toBeNull());
  });
});
