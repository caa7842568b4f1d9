// A person's page: name (and real name under my remark), account, signature, gender and region;
// the remark edit (required); Delete friend after a confirmation, back to the address book; Add
// friend for a stranger; no call buttons while the server has calls off; and ?qr=<token> resolved by the server, whose
// refusal (an expired code) is shown.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Person } from '@protocol/people';

import { PATHS } from '../../web/src/config/paths';
import { envelope, openApp, person, serve } from './friends-fakes';
import { currentPath } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const BAO = person(21, {
  displayName: 'Bảo (work)',
  nickname: 'Bảo (work)',
  realname: 'Trần Bảo',
  relation: 'friend',
  motto: 'Hello there',
  sex: 1,
  location: 'Hà Nội',
});

function server(who: Person = BAO) {
  return serve({
    '/enterprise/im/getUserInfo': (body) =>
      body.user_id === who.user_id ? who : envelope({ code: 400, msg: 'User does not exist' }),
    '/enterprise/friend/setNickname': (body) => ({
      id: body.friend_id,
      realname: who.realname,
      displayName: body.nickname,
      avatar: '',
      motto: who.motto,
    }),
    '/enterprise/friend/del': () => null,
    '/enterprise/friend/add': () => ({ friend_id: 3, status: 2 }),
    '/scan/u/good-token': () => ({ ...who, action: 'userInfo' }),
    '/scan/u/old-token': () => envelope({ code: 400, msg: 'The QR code has expired' }),
    '/enterprise/im/getContacts': () => envelope({ data: [], count: 0, page: 0 }),
  });
}

describe('contact detail', () => {
  it('shows the person: my remark as the name, their real name, account, signature, gender and region; no calls while the server has them off', async () => {
    server();
    openApp(`${PATHS.contactDetail}?id=21`, {}, { webrtc: '0' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Bảo (work)' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact details' })).toBeTruthy();
    expect(screen.getByText('Name: Trần Bảo')).toBeTruthy();
    expect(screen.getByText('Account: 138******21')).toBeTruthy();
    expect(screen.getByText('Hello there')).toBeTruthy();
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.getByText('Hà Nội')).toBeTruthy();
    // No calls where the server switched them off (chatInfo.webrtc '0'; tests/web/calls-entry.test.tsx).
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
  });

  it("does not show a stranger's login region, even when an answer carries one", async () => {
    server(person(22, { displayName: 'Stranger', relation: 'none', location: 'Texas, US' }));
    openApp(`${PATHS.contactDetail}?id=22`);
    await screen.findByRole('heading', { level: 2, name: 'Stranger' });
    expect(screen.queryByText('Region')).toBeNull();
    expect(screen.queryByText('Texas, US')).toBeNull();
  });

  it("hides a friend's region while sysInfo.ipregion is off", async () => {
    server();
    openApp(`${PATHS.contactDetail}?id=21`, { ipregion: '0' });
    await screen.findByRole('heading', { level: 2, name: 'Bảo (work)' });
    expect(screen.getByText('Male')).toBeTruthy();
    expect(screen.queryByText('Hà Nội')).toBeNull();
  });

  it('requires a remark, then saves it and shows it as the name', async () => {
    const srv = server();
    openApp(`${PATHS.contactDetail}?id=21`);
    fireEvent.click(await screen.findByRole('button', { name: /Set remark/ }));
    const box = screen.getByRole('textbox', { name: 'Remark name' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a remark');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(srv.callsTo('/enterprise/friend/setNickname')).toEqual([]);

    fireEvent.change(box, { target: { value: 'Bảo cousin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 2, name: 'Bảo cousin' });
    expect(srv.callsTo('/enterprise/friend/setNickname')).toEqual([{ friend_id: 21, nickname: 'Bảo cousin' }]);
  });

  it('deletes a friend only after the confirmation, then goes back to the address book', async () => {
    const srv = server();
    const router = openApp(`${PATHS.contactDetail}?id=21`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete friend' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete Bảo (work) from your friends?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(srv.callsTo('/enterprise/friend/del')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete friend' }));
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(currentPath(router)).toBe(PATHS.contacts));
    expect(srv.callsTo('/enterprise/friend/del')).toEqual([{ id: 21 }]);
  });

  it('offers Add friend to a stranger, and no remark or delete', async () => {
    const srv = server(person(22, { displayName: 'Chi', relation: 'none' }));
    openApp(`${PATHS.contactDetail}?id=22`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(screen.queryByRole('button', { name: /Set remark/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete friend' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Request sent');
    expect(srv.callsTo('/enterprise/friend/add')).toEqual([{ user_id: 22, remark: 'I am Alice' }]);
  });

  it('resolves a card QR token with the server', async () => {
    const srv = server();
    openApp(`${PATHS.contactDetail}?qr=good-token`);
    await screen.findByRole('heading', { level: 2, name: 'Bảo (work)' });
    expect(srv.calls.some((c) => c.path === '/scan/u/good-token')).toBe(true);
  });

  it('shows the server’s words for an expired or forged QR code', async () => {
    server();
    openApp(`${PATHS.contactDetail}?qr=old-token`);
    const alert = await screen.findByText('The QR code has expired', { selector: 'main p' });
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
  });
});
