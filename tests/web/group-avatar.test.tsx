// One picture per group wherever it shows: the collage the chat list draws (the server's order,
// owner and admins first) also in the chat details, the chat's top bar, the group's page and the
// group list; and a group's details show no "account" (on the wire that is its chat key).
import { act, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ChatSummarySchema } from '@protocol/responses';

import { PATHS } from '../../web/src/config/paths';
import { envelope, openApp, push, socket } from './friends-fakes';
import { fakeGroup, GROUP, groupRow, ME, member, serveGroup } from './groups-fakes';

afterEach(() => vi.unstubAllGlobals());

const start = () =>
  fakeGroup(3, {
    members: [member(22, 3, 'Chi'), member(23, 3, 'Dũng'), member(21, 1, 'Bình'), member(ME, 3, 'Alice')],
  });

// Served in join order; the server's collage (the list's) is by role, then user id: Bình, Alice, Chi, Dũng.
let g = start();
const LISTED = ['Bình', 'Alice', 'Chi', 'Dũng'].map((name) => ({ name, avatar: '' }));

function open(path: string, tweak: (group: typeof g) => void = () => undefined) {
  g = start();
  tweak(g);
  // As the server lists a group: its chat key in `account`, and the collage.
  const row = v.parse(ChatSummarySchema, { ...groupRow(g), account: GROUP, collage: LISTED });
  serveGroup(g, { '/enterprise/im/getContacts': () => envelope({ data: [row], count: 0, page: 0 }) });
  openApp(path);
}

/** The letters of every collage on screen, in the order drawn. */
const collages = () => [...document.querySelectorAll('[data-collage]')].map((c) => c.textContent);

describe("a group's picture", () => {
  it('in the chat details is its collage, with no account line', async () => {
    open(`${PATHS.chatDetail}?id=${GROUP}`);
    await screen.findByText('Search chat history');
    await waitFor(() => expect(collages()).toEqual(['BACD']));
    expect(screen.queryByText(/group-5/)).toBeNull();
    expect(screen.queryByText(/Account/)).toBeNull();
  });

  it("on the group's page is the collage the chat list draws, in the same order", async () => {
    open(`${PATHS.groupInfo}?id=${GROUP}`);
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    await waitFor(() => expect(collages()[0]).toBe('BACD'));
  });

  it("on the group's page draws each member by their own name, as the list does, not by my remark or their nickname", async () => {
    // Chi is "Zed" to me (a remark or a group nickname): the member list says so, the picture does not.
    open(`${PATHS.groupInfo}?id=${GROUP}`, (group) => {
      group.members = group.members.map((m) =>
        m.user_id === 22 ? { ...m, userInfo: { ...m.userInfo, displayName: 'Zed', realname: 'Chi' } } : m,
      );
    });
    await screen.findByRole('heading', { level: 2, name: 'Hikers' });
    await screen.findByText('Zed');
    await waitFor(() => expect(collages()[0]).toBe('BACD'));
  });

  it("on the group's page follows a member removed live, before the list is read again", async () => {
    open(`${PATHS.groupInfo}?id=${GROUP}`);
    await waitFor(() => expect(collages()[0]).toBe('BACD'));
    const ws = await socket();
    g.members = g.members.filter((m) => m.user_id !== 22);
    act(() => push(ws, 'removeUser', { group_id: GROUP, user_id: 22 }));
    await waitFor(() => expect(collages()[0]).toBe('BAD'));
  });

  it("in the chat's top bar is the same collage", async () => {
    open(`${PATHS.chat}?id=${GROUP}`);
    const title = await screen.findByRole('heading', { level: 1, name: 'Hikers' });
    await waitFor(() => expect(title.closest('header')!.querySelector('[data-collage]')?.textContent).toBe('BACD'));
  });

  it('in the group list is the same collage, not a letter', async () => {
    open(PATHS.groups);
    await screen.findByText('Hikers');
    await waitFor(() => expect(collages()).toEqual(['BACD']));
  });
});
