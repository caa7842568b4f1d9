// The friend requests page: tabs Received, Sent and To be agreed, each request with who, their
// message and where it stands; Accept and Decline on a pending one to me; a new request appears
// while the page is open, without a reload.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { applyEvent, envelope, MYSELF, openApp, person, push, request, serve, socket } from './friends-fakes';

const BAO = person(21, { displayName: 'Bao', realname: 'Bao' });
const CHI = person(22, { displayName: 'Chi', realname: 'Chi' });
const DUNG = person(23, { displayName: 'Dung', realname: 'Dung' });
const EM = person(24, { displayName: 'Em', realname: 'Em' });

afterEach(() => vi.unstubAllGlobals());

function server(
  received = [request(1, BAO, MYSELF), request(2, CHI, MYSELF, { status: 1 }), request(3, DUNG, MYSELF, { status: 0 })],
) {
  const sent = [request(9, MYSELF, EM)];
  const answers: Record<number, 0 | 1> = {};
  const live = { received };
  const srv = serve({
    '/enterprise/im/getContacts': () =>
      envelope({
        data: [],
        count: live.received.filter((r) => r.status === 2 && !(r.friend_id in answers)).length,
        page: 0,
      }),
    '/enterprise/friend/index': (body) => {
      const list =
        body.is_mine === 1
          ? sent
          : live.received.map((r) => (r.friend_id in answers ? { ...r, status: answers[r.friend_id]! } : r));
      return envelope({ data: list, count: list.length, page: Number(body.page) });
    },
    '/enterprise/friend/update': (body) => {
      answers[Number(body.friend_id)] = body.status as 0 | 1;
      return { friend_id: body.friend_id, status: body.status };
    },
  });
  return { ...srv, live };
}

const rows = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem');
const rowOf = (name: string) => rows().find((li) => li.textContent?.includes(name))!;

describe('friend requests', () => {
  it('lists received requests with their message and status, sent ones on their tab, and only pending ones under To be agreed', async () => {
    server();
    openApp(PATHS.friendRequests);
    await screen.findByText('Bao');
    expect(screen.getByRole('heading', { level: 1, name: 'Friend requests' })).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(within(rowOf('Bao')).getByText('I am Bao')).toBeTruthy();
    expect(within(rowOf('Bao')).getByRole('button', { name: 'Accept Bao' })).toBeTruthy();
    expect(within(rowOf('Chi')).getByText('Accepted')).toBeTruthy();
    expect(within(rowOf('Dung')).getByText('Declined')).toBeTruthy();
    expect(within(rowOf('Chi')).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Sent' }));
    await screen.findByText('Em');
    expect(rows()).toHaveLength(1);
    // A request I sent waits for them: no buttons for me.
    expect(within(rowOf('Em')).getByText('Pending')).toBeTruthy();
    expect(within(rowOf('Em')).queryByRole('button')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: /To be agreed/ }));
    await screen.findByText('Bao');
    expect(rows().map((li) => li.textContent)).toEqual([expect.stringContaining('Bao')]);
  });

  it('moves between the tabs with the arrow keys', async () => {
    server();
    openApp(PATHS.friendRequests);
    await screen.findByText('Bao');
    const received = screen.getByRole('tab', { name: 'Received' });
    expect(received.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(received, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Sent' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Sent' }));
  });

  it('accepts a request: the server hears it, the row says Accepted and the waiting count drops', async () => {
    const srv = server();
    openApp(PATHS.friendRequests);
    await screen.findByText('Bao');
    await waitFor(() => expect(screen.getByRole('tab', { name: /To be agreed/ }).textContent).toContain('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Accept Bao' }));
    await waitFor(() => expect(within(rowOf('Bao')).getByText('Accepted')).toBeTruthy());
    expect(srv.callsTo('/enterprise/friend/update')).toEqual([{ friend_id: 1, status: 1 }]);
    expect(screen.getByRole('tab', { name: /To be agreed/ }).textContent).toBe('To be agreed');
  });

  it('declines a request', async () => {
    const srv = server();
    openApp(PATHS.friendRequests);
    await screen.findByText('Bao');
    fireEvent.click(screen.getByRole('button', { name: 'Decline Bao' }));
    await waitFor(() => expect(within(rowOf('Bao')).getByText('Declined')).toBeTruthy());
    expect(srv.callsTo('/enterprise/friend/update')).toEqual([{ friend_id: 1, status: 0 }]);
  });

  it('shows a request that arrives while the page is open', async () => {
    const srv = server([]);
    openApp(PATHS.friendRequests);
    await screen.findByText('No friend requests');
    const ws = await socket();
    const PHUONG = person(25, { displayName: 'Phuong', realname: 'Phuong' });
    srv.live.received = [request(7, PHUONG, MYSELF)];
    act(() => push(ws, 'simple', applyEvent(7, PHUONG, 1)));
    await screen.findByText('Phuong');
    expect(screen.getByRole('button', { name: 'Accept Phuong' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /To be agreed/ }).textContent).toContain('1');
  });
});
