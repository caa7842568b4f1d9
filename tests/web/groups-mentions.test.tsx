// Mentions in a group: "@" in the composer opens the member picker (with everyone for managers
// only), the choice goes into the text and the send carries `at`; a message mentioning me marks
// the chat "[@ me]" in the list until I open it.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import type { ChatMessage } from '../../web/src/features/chat/types';
import { useCanOpenProfiles } from '../../web/src/features/groups';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { envelope, openApp, push, socket } from './friends-fakes';
import { fakeGroup, GROUP, groupRow, ME, serveGroup } from './groups-fakes';
import { currentPath, signIn } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const wire = (patch: Record<string, unknown>) => ({
  id: `m-${Math.random()}`,
  msg_id: 1,
  seq: 1,
  type: 'text',
  content: 'hi',
  extends: null,
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
  ...patch,
});

describe('group mentions', () => {
  it('picks a member after "@" and sends their id in `at`', { timeout: 20_000 }, async () => {
    const server = serveGroup(fakeGroup(2), {
      '/enterprise/im/sendMessage': (b) => wire({ id: b.id, content: b.content, from_user: ME, extends: { at: b.at } }),
    });
    openApp(`${PATHS.chat}?id=${GROUP}`);
    await screen.findByText('4 members', {}, { timeout: 15_000 });
    const box = screen.getByRole('textbox', { name: /message/i });
    // Typed one key at a time: the picker opens on the "@" just typed, not on one pasted in.
    fireEvent.change(box, { target: { value: 'Hi ' } });
    expect(screen.queryByRole('dialog', { name: 'Mention someone' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Hi @' } });
    const picker = await screen.findByRole('dialog', { name: 'Mention someone' });
    // An admin may mention everyone; I am not offered to myself.
    expect(within(picker).getByRole('button', { name: 'Everyone (@all)' })).toBeTruthy();
    expect(within(picker).queryByRole('button', { name: 'Alice' })).toBeNull();
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search members' }), { target: { value: 'ch' } });
    fireEvent.click(within(picker).getByRole('button', { name: 'Chi' }));
    expect(screen.queryByRole('dialog', { name: 'Mention someone' })).toBeNull();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Hi @Chi '));
    fireEvent.change(box, { target: { value: 'Hi @Chi see you' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(server.callsTo('/enterprise/im/sendMessage')).toHaveLength(1));
    expect(server.callsTo('/enterprise/im/sendMessage')[0]).toMatchObject({
      content: 'Hi @Chi see you',
      at: [22],
      toContactId: GROUP,
    });
  });

  it('offers a member no "everyone"', async () => {
    serveGroup(fakeGroup(3));
    openApp(`${PATHS.chat}?id=${GROUP}`);
    await screen.findByText('4 members');
    fireEvent.change(screen.getByRole('textbox', { name: /message/i }), { target: { value: '@' } });
    const picker = await screen.findByRole('dialog', { name: 'Mention someone' });
    expect(within(picker).queryByRole('button', { name: /Everyone/ })).toBeNull();
    expect(within(picker).getByRole('button', { name: 'Bình' })).toBeTruthy();
  });

  it('marks a chat "[@ me]" when a message mentions me or everyone', async () => {
    serveGroup(fakeGroup(3));
    openApp(PATHS.home);
    await screen.findByText('Hikers');
    const ws = await socket();
    act(() =>
      push(ws, 'group', { ...wire({ msg_id: 2, seq: 2, content: '@Chi look' }), extends: { at: [22] }, unread: 1 }),
    );
    await screen.findByText('Bình: @Chi look');
    expect(screen.queryByText('[@ me]')).toBeNull();
    act(() =>
      push(ws, 'group', { ...wire({ msg_id: 3, seq: 3, content: '@all meet' }), extends: { at: [0] }, unread: 2 }),
    );
    expect(await screen.findByText('[@ me]')).toBeTruthy();
  });

  it('lists the announcement as the announcement, not "[@ me]"', async () => {
    serveGroup(fakeGroup(3));
    openApp(PATHS.home);
    await screen.findByText('Hikers');
    const ws = await socket();
    act(() =>
      push(ws, 'group', {
        ...wire({ msg_id: 2, seq: 2, content: 'Meeting at 9' }),
        extends: { at: [0], notice: 1 },
        unread: 1,
      }),
    );
    expect(await screen.findByText('[Announcement] Meeting at 9')).toBeTruthy();
    expect(screen.queryByText('[@ me]')).toBeNull();
  });

  it("shows the server's mark (getContacts is_at) after a reload", async () => {
    serveGroup(fakeGroup(3), {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(fakeGroup(3)), unread: 1, is_at: 1 }], count: 0, page: 0 }),
    });
    openApp(PATHS.home);
    await screen.findByText('Hikers');
    expect(await screen.findByText('[@ me]')).toBeTruthy();
  });

  it('opens a chat that mentions me at the mention', async () => {
    serveGroup(fakeGroup(3), {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(fakeGroup(3)), unread: 3, is_at: 1, at_msg_id: 7 }], count: 0, page: 0 }),
    });
    const router = openApp(PATHS.home);
    fireEvent.click(await screen.findByRole('button', { name: /Hikers/ }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.chat}?id=${GROUP}&msg=7`));
  });
});

describe('mentions in a bubble', () => {
  const names: Record<number, string> = { 22: 'Chi', [ME]: 'Alice' };
  const said = (content: string, at: number[]) =>
    wire({ id: `m-${content}`, msg_id: 4, seq: 4, content, extends: { at } }) as unknown as ChatMessage;
  const row = (message: ChatMessage, onAvatarTap?: (id: number) => void) => (
    <MessageRow
      message={message}
      mine={false}
      isGroup
      read={false}
      recallDraft={null}
      me={ME}
      nameOf={(id) => names[id]}
      onMenu={() => undefined}
      onFailedTap={() => undefined}
      onReedit={() => undefined}
      onAvatarTap={onAvatarTap}
    />
  );

  it('marks whom the message mentions, bolder for me and everyone; a tap on someone opens their card', () => {
    const tapped = vi.fn();
    render(row(said('@Chi and @Alice, also @all and @Nobody', [22, ME, 0]), tapped));
    const bubble = screen.getByTestId('bubble');
    expect(bubble.textContent).toContain('@Chi and @Alice, also @all and @Nobody');
    fireEvent.click(within(bubble).getByRole('button', { name: '@Chi' }));
    expect(tapped).toHaveBeenCalledWith(22);
    const mine = within(bubble).getByText('@Alice');
    expect(mine.className).toContain('font-bold');
    expect(within(bubble).getByText('@all').className).toContain('font-bold');
    expect(within(bubble).getByRole('button', { name: '@Chi' }).className).not.toContain('font-bold');
    // Not mentioned (not in `at`): plain text.
    expect(bubble.querySelectorAll('[data-mention]')).toHaveLength(3);
  });

  it('leaves a message without mentions, or in a one-to-one chat, as plain text', () => {
    render(row(said('@Chi hi', [])));
    expect(screen.getByTestId('bubble').querySelector('[data-mention]')).toBeNull();
  });
});

describe('avatars in a group chat', () => {
  const chi = wire({
    id: 'm-a',
    msg_id: 1,
    seq: 1,
    from_user: 22,
    content: 'hello all',
    fromUser: { id: 22, user_id: 22, realname: 'Chi', displayName: 'Chi', avatar: '' },
  }) as unknown as ChatMessage;
  const row = (onAvatarTap?: (id: number) => void) => (
    <MessageRow
      message={chi}
      mine={false}
      isGroup
      read={false}
      recallDraft={null}
      me={ME}
      onMenu={() => undefined}
      onFailedTap={() => undefined}
      onReedit={() => undefined}
      onAvatarTap={onAvatarTap}
    />
  );

  it("open the sender's card when the chat allows it, and are plain pictures otherwise", () => {
    const tapped = vi.fn();
    const { unmount } = render(row(tapped));
    fireEvent.click(screen.getByRole('button', { name: "Open Chi's card" }));
    expect(tapped).toHaveBeenCalledWith(22);
    unmount();
    render(row());
    expect(screen.queryByRole('button', { name: "Open Chi's card" })).toBeNull();
  });

  function Shown() {
    return <p>{useCanOpenProfiles(GROUP, ME) ? 'cards open' : 'cards closed'}</p>;
  }
  // A fresh query client each time: nothing cached from the group before.
  let client = makeQueryClient();
  const probe = () => {
    client = makeQueryClient();
    return (
      <QueryClientProvider client={client}>
        <Shown />
      </QueryClientProvider>
    );
  };
  const closed = {
    manage: 0 as const,
    invite: 1 as const,
    profile: 0 as const,
    history: 0 as const,
    nospeak: 0 as const,
  };

  it('are allowed for members while `setting.profile` is on, and always for managers', async () => {
    signIn();
    serveGroup(fakeGroup(3));
    const first = render(probe());
    expect(await screen.findByText('cards open')).toBeTruthy();
    first.unmount();
    const server = serveGroup(fakeGroup(3, { setting: closed }));
    const second = render(probe());
    await waitFor(() => expect(server.callsTo('/enterprise/group/groupInfo').length).toBe(1));
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .getAll()
          .map((q) => q.state.status),
      ).toEqual(['success']),
    );
    expect(screen.getByText('cards closed')).toBeTruthy();
    second.unmount();
    serveGroup(fakeGroup(2, { setting: closed }));
    render(probe());
    expect(await screen.findByText('cards open')).toBeTruthy();
  });
});
