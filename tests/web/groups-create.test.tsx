// Creating a group: reachable from the messages tab's "+" menu and the group chats page (when the
// server allows groups), at least two people, an optional name, then the new chat opens. Adding
// people to a group offers only those not in it yet.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { storage } from '../../web/src/lib/storage';
import { openApp } from './friends-fakes';
import { cardOf, fakeGroup, GROUP, serveGroup } from './groups-fakes';
import { currentPath, systemInfo } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const person = (id: number, name: string, disabled = false) => ({
  id,
  user_id: id,
  realname: name,
  displayName: name,
  avatar: '',
  account: `138******${id}`,
  disabled,
});
const PEOPLE = [person(21, 'Bình'), person(22, 'Chi'), person(23, 'Dũng')];

describe('create group', () => {
  it(
    'offers Create group in the "+" menu and on the group chats page, with my groups listed',
    { timeout: 20_000 },
    async () => {
      serveGroup(fakeGroup(3));
      const router = openApp(PATHS.home);
      fireEvent.click(await screen.findByRole('button', { name: 'Quick actions' }));
      expect(screen.getByRole('link', { name: 'Create group' }).getAttribute('href')).toContain(
        `${PATHS.userSelection}?mode=group`,
      );
      await router.navigate(PATHS.groups);
      expect(await screen.findByRole('link', { name: 'Hikers' })).toBeTruthy();
      expect(screen.getByRole('link', { name: /Create group/ })).toBeTruthy();
    },
  );

  it('hides Create group when the server has group chats off', { timeout: 20_000 }, async () => {
    serveGroup(fakeGroup(3));
    const router = openApp(PATHS.contacts);
    await screen.findByRole('link', { name: 'Group chats' }, { timeout: 15_000 });
    storage.setGlobalConfig({ ...systemInfo(), chatInfo: { groupChat: '0' } });
    await router.navigate(PATHS.groups);
    expect(await screen.findByRole('link', { name: 'Hikers' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create group/ })).toBeNull();
  });

  it('needs two people, sends the choice and the name, then opens the new chat', async () => {
    const g = fakeGroup(1, { name: 'Weekend' });
    const server = serveGroup(g, {
      '/enterprise/group/getAllUser': () => PEOPLE,
      '/enterprise/group/add': () => cardOf(g),
    });
    const router = openApp(`${PATHS.userSelection}?mode=group`);
    const create = await screen.findByRole('button', { name: 'Create (0)' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Choose at least 2 people')).toBeTruthy();
    const list = await screen.findByRole('group', { name: 'Choose the people to add' });
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Bình' }));
    expect((screen.getByRole('button', { name: 'Create (1)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(list).getByRole('checkbox', { name: 'Dũng' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Group name' }), { target: { value: ' Weekend ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create (2)' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.chat}?id=${GROUP}`));
    expect(server.callsTo('/enterprise/group/add')).toEqual([{ user_ids: [21, 23], name: 'Weekend' }]);
  });

  it('adds only people not yet in the group', async () => {
    const g = fakeGroup(1);
    const server = serveGroup(g, {
      '/enterprise/group/getAllUser': (body) =>
        [...PEOPLE, person(24, 'Giang')].map((p) => ({
          ...p,
          disabled: (body.user_ids as number[]).includes(p.user_id),
        })),
      '/enterprise/group/addGroupUser': () => cardOf(g),
    });
    openApp(`${PATHS.userSelection}?mode=addMembers&id=${GROUP}`);
    const chi = await screen.findByRole('checkbox', { name: 'Chi' });
    expect((chi as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Giang' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add (1)' }));
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/addGroupUser')).toEqual([{ id: GROUP, user_ids: [24] }]),
    );
  });
});
