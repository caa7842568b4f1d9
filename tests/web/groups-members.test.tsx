// The member list: roles and mutes for everyone; for managers each lower-ranked member's actions
// (the owner also sets and cancels admins), removal only after a confirmation; a member's card
// opens only when the group allows it or I manage it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { openApp } from './friends-fakes';
import { fakeGroup, GROUP, member, serveGroup } from './groups-fakes';

afterEach(() => vi.unstubAllGlobals());

const USERS = `${PATHS.groupUsers}?id=${GROUP}`;
const rowOf = (name: RegExp) => screen.getAllByRole('listitem').find((li) => name.test(li.textContent ?? ''))!;

describe('group members', () => {
  it('shows roles, me, a mute with its time left, and searches by name', async () => {
    const g = fakeGroup(3);
    g.members.push(member(24, 3, 'Giang', Math.floor(Date.now() / 1000) + 2 * 3600 - 30));
    serveGroup(g);
    openApp(USERS);
    await screen.findByText('Bình');
    expect(within(rowOf(/Bình/)).getByText('Owner')).toBeTruthy();
    expect(screen.getByText('Alice (me)')).toBeTruthy();
    expect(within(rowOf(/Giang/)).getByText(/Muted until .* \(2 hours left\)/)).toBeTruthy();
    // A member manages nobody.
    expect(screen.queryByRole('button', { name: /^Manage/ })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search members' }), { target: { value: 'chi' } });
    expect(screen.getByText('Chi')).toBeTruthy();
    expect(screen.queryByText('Dũng')).toBeNull();
  });

  it('opens a card only while the group allows profiles, for a member', async () => {
    const g = fakeGroup(3, { setting: { manage: 0, invite: 1, profile: 0, history: 0, nospeak: 0 } });
    serveGroup(g);
    openApp(USERS);
    await screen.findByText('Chi');
    expect(screen.queryByRole('link', { name: /Chi/ })).toBeNull();
  });

  it('lets an admin open cards, mute and remove members but not touch the owner or set admins', async () => {
    const g = fakeGroup(2, { setting: { manage: 0, invite: 1, profile: 0, history: 0, nospeak: 0 } });
    const server = serveGroup(g);
    openApp(USERS);
    await screen.findByText('Chi');
    expect(screen.getByRole('link', { name: /Chi/ }).getAttribute('href')).toContain(`${PATHS.contactDetail}?id=22`);
    expect(screen.queryByRole('button', { name: 'Manage Bình' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Manage Chi' }));
    const sheet = screen.getByRole('menu', { name: 'Chi' });
    expect(within(sheet).queryByRole('menuitem', { name: 'Make group admin' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('menuitem', { name: 'Mute for 10 minutes' }));
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/setNoSpeak')).toEqual([
        { id: GROUP, user_id: 22, noSpeakTimer: 1, noSpeakDay: 0 },
      ]),
    );
    expect(await within(rowOf(/Chi/)).findByText(/Muted until/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Manage Chi' }));
    fireEvent.click(within(screen.getByRole('menu', { name: 'Chi' })).getByRole('menuitem', { name: 'Unmute' }));
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/setNoSpeak')[1]).toEqual({
        id: GROUP,
        user_id: 22,
        noSpeakTimer: 0,
        noSpeakDay: 0,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Manage Dũng' }));
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Dũng' })).getByRole('menuitem', { name: 'Remove from group' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove Dũng from the group?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('/enterprise/group/removeUser')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Dũng' }));
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Dũng' })).getByRole('menuitem', { name: 'Remove from group' }),
    );
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('Dũng')).toBeNull());
    expect(server.callsTo('/enterprise/group/removeUser')).toEqual([{ id: GROUP, user_id: 23 }]);
  });

  it('mutes for a number of days from its dialog', async () => {
    const server = serveGroup(fakeGroup(1));
    openApp(USERS);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Chi' }));
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Chi' })).getByRole('menuitem', { name: 'Mute for a number of days…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Mute Chi' });
    const days = within(dialog).getByRole('spinbutton', { name: 'Days (1–365)' });
    fireEvent.change(days, { target: { value: '400' } });
    expect((within(dialog).getByRole('button', { name: 'Mute' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mute' }));
    await waitFor(() =>
      expect(server.callsTo('/enterprise/group/setNoSpeak')).toEqual([
        { id: GROUP, user_id: 22, noSpeakTimer: 0, noSpeakDay: 3 },
      ]),
    );
  });

  it('lets the owner make an admin and cancel it again', async () => {
    const server = serveGroup(fakeGroup(1));
    openApp(USERS);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Chi' }));
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Chi' })).getByRole('menuitem', { name: 'Make group admin' }),
    );
    expect(await within(rowOf(/Chi/)).findByText('Group admin')).toBeTruthy();
    expect(server.callsTo('/enterprise/group/setManager')).toEqual([{ id: GROUP, user_id: 22, role: 2 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Manage Chi' }));
    fireEvent.click(
      within(screen.getByRole('menu', { name: 'Chi' })).getByRole('menuitem', { name: 'Remove as group admin' }),
    );
    await waitFor(() => expect(within(rowOf(/Chi/)).queryByText('Group admin')).toBeNull());
    expect(server.callsTo('/enterprise/group/setManager')[1]).toEqual({ id: GROUP, user_id: 22, role: 3 });
  });
});
