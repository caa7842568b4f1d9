// Clearing a group's history on the web: "Clear chat history" is on the group's page for the owner
// only (operators clear a group from the console), asks first in the user's language, and calls clearMessage; the live
// `clearMessage` frame empties the open thread and the chat list's preview and count on every
// device. The list words a group's last system line from getContacts as it does from a live frame.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ChatSummarySchema } from '@protocol/responses';

import { PATHS } from '../../web/src/config/paths';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { storage } from '../../web/src/lib/storage';
import { chatState, contact, frame, ME, message } from './chat-factories';
import { openApp, push, socket } from './friends-fakes';
import { envelope } from './friends-fakes';
import { fakeGroup, GROUP, groupRow, serveGroup } from './groups-fakes';

const DEVICE = { clientId: 'this-client', isMobile: true, multipleLogin: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

const INFO = `${PATHS.groupInfo}?id=${GROUP}`;
const CLEAR = 'Clear chat history';

describe("clear chat history on the group's page", () => {
  it('is offered to the owner, asks first, and clears only once confirmed', async () => {
    const server = serveGroup(fakeGroup(1));
    openApp(INFO);
    fireEvent.click(await screen.findByRole('button', { name: CLEAR }));
    expect(
      await screen.findByText('Delete every message in this group for all members? This cannot be undone.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(/Delete every message/)).toBeNull());
    expect(server.callsTo('/enterprise/group/clearMessage')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: CLEAR }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('/enterprise/group/clearMessage')).toEqual([{ id: GROUP }]));
    expect(await screen.findByText('Chat history cleared')).toBeTruthy();
  });

  it.each([2, 3])('is not offered to a group role %i', async (role) => {
    serveGroup(fakeGroup(role));
    openApp(INFO);
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    expect(screen.getByRole('button', { name: /Leave group/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: CLEAR })).toBeNull();
  });

  it('is not offered to a system admin (user role above 0) who is an ordinary member: the console clears', async () => {
    serveGroup(fakeGroup(3));
    openApp(INFO);
    storage.setUserInfo({ ...storage.getUserInfo()!, role: 1 });
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    expect(screen.queryByRole('button', { name: CLEAR })).toBeNull();
  });

  it('speaks Vietnamese by default and Chinese too', async () => {
    const { i18n } = await import('../../web/src/lib/i18n');
    await i18n.changeLanguage('vi');
    expect(i18n.t('groups.clear.button')).toBe('Xóa lịch sử trò chuyện');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('groups.clear.button')).toBe('清空聊天记录');
    await i18n.changeLanguage('en');
  });
});

describe('the live clearMessage frame', () => {
  it("empties the thread (keeping what is still being sent) and the row's preview, count and mention mark", () => {
    const key = GROUP;
    const sent = message(21, {
      id: 'm-1',
      msg_id: 1,
      seq: 1,
      content: 'first words',
      is_group: 1,
      toContactId: key,
      toUser: key,
    });
    const going = message(ME, {
      id: 'm-2',
      msg_id: 0,
      seq: 0,
      content: 'still sending',
      status: 'going',
      is_group: 1,
      toContactId: key,
      toUser: key,
    });
    const start = chatState({
      contacts: [contact(key, { is_group: 1, unread: 4, lastContent: 'first words', atMe: true, lastSendTime: 5 })],
      openContact: key,
      threads: { [key]: { messages: [sent, going], hasMore: true, loaded: true, peerReadSeq: 0 } },
    });
    const { state } = applyFrame(start, frame('clearMessage', { group_id: key }), DEVICE);
    expect(thread(state, key).messages.map((m) => m.id)).toEqual(['m-2']);
    expect(thread(state, key).hasMore).toBe(false);
    expect(state.contacts[0]).toMatchObject({ unread: 0, lastContent: '', atMe: false, lastSendTime: 5 });
  });

  it("sets a group's uploaded picture on its row (groupAvatar)", () => {
    const start = chatState({ contacts: [contact(GROUP, { is_group: 1 })] });
    const { state } = applyFrame(start, frame('groupAvatar', { group_id: GROUP, avatar: '/file/9' }), DEVICE);
    expect(state.contacts[0]!.avatar).toBe('/file/9');
  });

  it("clears the chat list's preview and unread count", async () => {
    const g = fakeGroup(3);
    // The server's answer after the clear too, should the list be asked again (on the socket's open).
    let listed = { ...groupRow(g), unread: 3, lastContent: 'secret plans' };
    const server = serveGroup(g, {
      '/enterprise/im/getContacts': () => envelope({ data: [listed], count: 0, page: 0 }),
    });
    openApp(PATHS.home);
    const row = await screen.findByRole('button', { name: /Hikers/ });
    expect(row.textContent).toMatch(/secret plans/);
    expect(within(row).getByText('3')).toBeTruthy();
    const ws = await socket();
    // The open reloads the list once; the frame comes after that answer, as it would from the server.
    await waitFor(() => expect(server.callsTo('/enterprise/im/getContacts')).toHaveLength(2));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    listed = { ...listed, unread: 0, lastContent: '' };
    act(() => push(ws, 'clearMessage', { group_id: GROUP }));
    await waitFor(() => expect(screen.queryByText(/secret plans/)).toBeNull());
    expect(within(screen.getByRole('button', { name: /Hikers/ })).queryByText('3')).toBeNull();
  });
});

describe("a group's last system line after a reload", () => {
  it('is worded from getContacts\' lastSystem, not as "The group was updated"', async () => {
    const g = fakeGroup(3);
    const row = v.parse(ChatSummarySchema, {
      ...groupRow(g),
      type: 'event',
      lastContent: '',
      lastSystem: { kind: 'added', actor: { id: 21, name: 'Bình' }, targets: [{ id: 22, name: 'Chi' }] },
    });
    serveGroup(g, { '/enterprise/im/getContacts': () => envelope({ data: [row], count: 0, page: 0 }) });
    openApp(PATHS.home);
    expect(await screen.findByText(/Bình added Chi/)).toBeTruthy();
    expect(screen.queryByText(/The group was updated/)).toBeNull();
  });
});
