// My nickname in a group, the names a group's thread shows, the group's picture and the paged
// member list: the group's page has a "My nickname in this group" row whose editor saves (an empty
// one clears it); a member's name in the thread follows the member list (remark, then group
// nickname); whoever may rename the group may tap its picture to pick and crop a new one, which
// shows instead of the collage; the member list loads 50 at a time and more at its end.
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import { uploadGroupPicture } from '../../web/src/features/groups/api/groups-api';
import { useMemberNames } from '../../web/src/features/groups/hooks/use-speak-block';
import { makeQueryClient } from '../../web/src/lib/query-client';
import { storage } from '../../web/src/lib/storage';
import { message } from './chat-factories';
import { FakeXhr } from './fake-xhr';
import { envelope, openApp } from './friends-fakes';
import { fakeGroup, GROUP, groupRow, ME, member, serveGroup } from './groups-fakes';
import { signIn } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INFO = `${PATHS.groupInfo}?id=${GROUP}`;
const NICKNAME = /My nickname in this group/;

describe('my nickname in the group', () => {
  it('shows "Not set", saves what I type, and saves an empty one to clear it', async () => {
    const server = serveGroup(fakeGroup(3));
    openApp(INFO);
    const row = await screen.findByRole('button', { name: NICKNAME });
    expect(row.textContent).toContain('Not set');
    fireEvent.click(row);
    fireEvent.change(screen.getByRole('textbox', { name: 'My nickname in this group' }), {
      target: { value: '  Trail boss ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/setNickname')).toEqual([{ id: GROUP, nickname: 'Trail boss' }]),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: NICKNAME }).textContent).toContain('Trail boss'));

    fireEvent.click(screen.getByRole('button', { name: NICKNAME }));
    fireEvent.change(screen.getByRole('textbox', { name: 'My nickname in this group' }), { target: { value: '' } });
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/setNickname').at(-1)).toEqual({ id: GROUP, nickname: '' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: NICKNAME }).textContent).toContain('Not set'));
  });
});

describe("names in a group's thread", () => {
  it("are the member list's names (nickname or my remark), else the sender's own", async () => {
    signIn();
    const g = fakeGroup(3);
    g.members.find((m) => m.user_id === 22)!.userInfo.displayName = 'Chi the guide';
    serveGroup(g);
    const client = makeQueryClient();
    const { result } = renderHook(() => useMemberNames(GROUP, ME), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current?.(22)).toBe('Chi the guide'));
    expect(result.current?.(99)).toBeUndefined();

    const fromChi = message(22, {
      fromUser: { id: 22, user_id: 22, realname: 'Chi', displayName: 'Chi', avatar: '' },
      is_group: 1,
    });
    const fromStranger = message(99, {
      id: 'm-99',
      fromUser: { id: 99, user_id: 99, realname: 'Old member', displayName: 'Old member', avatar: '' },
      is_group: 1,
    });
    const row = (m: typeof fromChi) => (
      <MessageRow
        message={m}
        mine={false}
        isGroup
        read={false}
        recallDraft={null}
        me={ME}
        nameOf={result.current}
        onMenu={() => undefined}
        onFailedTap={() => undefined}
        onReedit={() => undefined}
      />
    );
    const view = render(
      <>
        {row(fromChi)}
        {row(fromStranger)}
      </>,
    );
    expect(within(view.container).getByText('Chi the guide')).toBeTruthy();
    expect(within(view.container).queryByText('Chi')).toBeNull();
    expect(within(view.container).getByText('Old member')).toBeTruthy();
  });
});

describe("the group's picture", () => {
  it('can be tapped by the owner to pick a picture, which opens the square cropper', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:picked', revokeObjectURL: () => undefined }),
    );
    serveGroup(fakeGroup(1));
    openApp(INFO);
    const button = await screen.findByRole('button', { name: 'Change the group picture' });
    const input = button.parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.setup().upload(input, new File([new Uint8Array([1, 2, 3])], 'team.png', { type: 'image/png' }));
    expect(await screen.findByRole('dialog', { name: 'Crop avatar' })).toBeTruthy();
  });

  it('is not a button for a member while only managers manage the group, and shows the uploaded picture instead of the collage', async () => {
    serveGroup(
      fakeGroup(3, { setting: { manage: 1, invite: 1, profile: 1, history: 0, nospeak: 0 }, avatar: '/file/42' }),
    );
    const view = openApp(INFO);
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    expect(screen.queryByRole('button', { name: 'Change the group picture' })).toBeNull();
    expect(document.querySelector('img[src="/file/42"]')).toBeTruthy();
    void view;
  });

  it("goes up as a multipart form with the group's id", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    storage.setSession('bearer abc', Date.now() + 60_000);
    const picture = new Blob([new Uint8Array([1, 2])], { type: 'image/webp' });
    const sent = uploadGroupPicture(GROUP, picture);
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/enterprise/group/uploadAvatar']);
    const form = xhr.body as FormData;
    expect(form.get('id')).toBe(GROUP);
    expect((form.get('file') as File).name).toBe('group.webp');
    const card = {
      id: GROUP,
      group_id: 5,
      displayName: 'Hikers',
      name: 'Hikers',
      avatar: '/file/7',
      notice: '',
      owner_id: ME,
      create_time: 1,
      setting: { manage: 0, invite: 1, profile: 1, history: 0, nospeak: 0 },
      groupUserCount: 4,
      role: 1,
      isJoin: 1,
      is_group: 1,
    };
    xhr.answer(200, { code: 0, msg: '', data: card });
    await expect(sent).resolves.toMatchObject({ avatar: '/file/7' });
  });
});

describe("a group's row in the chat list", () => {
  it('draws the collage of its members when it has no picture', async () => {
    const g = fakeGroup(3);
    const collage = [
      { name: 'Bình', avatar: '/file/1' },
      { name: 'Alice', avatar: '' },
      { name: 'Chi', avatar: '/file/3' },
    ];
    serveGroup(g, {
      '/enterprise/im/getContacts': () => envelope({ data: [{ ...groupRow(g), collage }], count: 0, page: 0 }),
    });
    openApp(PATHS.home);
    const row = await screen.findByRole('button', { name: /Hikers/ });
    expect([...row.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/file/1', '/file/3']);
  });

  it('shows its uploaded picture instead', async () => {
    const g = fakeGroup(3);
    serveGroup(g, {
      '/enterprise/im/getContacts': () =>
        envelope({ data: [{ ...groupRow(g), avatar: '/file/9' }], count: 0, page: 0 }),
    });
    openApp(PATHS.home);
    const row = await screen.findByRole('button', { name: /Hikers/ });
    expect([...row.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/file/9']);
  });
});

describe("a group chat's top bar", () => {
  it("shows the group's picture beside its name", { timeout: 20_000 }, async () => {
    serveGroup(fakeGroup(3, { avatar: '/file/77' }));
    openApp(`${PATHS.chat}?id=${GROUP}`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Hikers' }, { timeout: 15_000 });
    await waitFor(() => expect(heading.parentElement!.querySelector('img[src="/file/77"]')).toBeTruthy());
  });
});

describe('the member list', () => {
  it('loads 50 members at a time, more at its end, and everyone for a search', async () => {
    const g = fakeGroup(3);
    for (let id = 100; id < 220; id += 1) g.members.push(member(id, 3, `Walker ${id}`));
    const server = serveGroup(g);
    openApp(`${PATHS.groupUsers}?id=${GROUP}`);
    expect(await screen.findByText('124 members')).toBeTruthy();
    await screen.findByText('Walker 145');
    expect(screen.queryByText('Walker 146')).toBeNull();
    expect(server.callsTo('/enterprise/group/groupUserList').every((b) => Number(b.limit) > 0)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(await screen.findByText('Walker 195')).toBeTruthy();
    expect(screen.queryByText('Walker 196')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'walker 219' } });
    expect(await screen.findByText('Walker 219')).toBeTruthy();
  });
});
