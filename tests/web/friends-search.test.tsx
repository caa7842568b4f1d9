// Contact search: an exact account search shows the person and how I stand with them — Add (a
// form with a verification message, "I am <my name>" unless changed), Request sent, Already
// friends with Send message, or Accept when they asked me first — and leads to Scan and My QR code.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Relation } from '@protocol/people';

import { PATHS } from '../../web/src/config/paths';
import { envelope, openApp, person, serve } from './friends-fakes';
import { currentPath } from './helpers';

afterEach(() => vi.unstubAllGlobals());

function server(relation: Relation, addStatus = 2) {
  return serve({
    '/enterprise/im/searchUser': (body) =>
      body.keywords === '13800000021'
        ? [person(21, { displayName: 'Bao', relation, ...(relation === 'received' ? { friend_id: 4 } : {}) })]
        : [],
    '/enterprise/friend/add': () => ({ friend_id: 5, status: addStatus }),
    '/enterprise/friend/update': (body) => ({ friend_id: body.friend_id, status: body.status }),
    '/enterprise/im/getContacts': () => envelope({ data: [], count: 0, page: 0 }),
  });
}

async function find(account: string) {
  const router = openApp(PATHS.contactSearch);
  const box = await screen.findByRole('searchbox', { name: 'Account' });
  fireEvent.change(box, { target: { value: account } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  return router;
}

const result = () => screen.findByRole('region', { name: 'Search result' });

describe('contact search', () => {
  it('says when no one has the account', async () => {
    const srv = server('none');
    await find('13899999999');
    await screen.findByText('No user has this account');
    expect(srv.callsTo('/enterprise/im/searchUser')).toEqual([{ keywords: '13899999999' }]);
  });

  it('adds a stranger with the verification message, default "I am <my name>", then shows Request sent', async () => {
    const srv = server('none');
    await find('13800000021');
    const found = await result();
    expect(within(found).getByText('Bao')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Add' }));
    const text = screen.getByRole('textbox', { name: 'Verification message' }) as HTMLTextAreaElement;
    expect(text.value).toBe('I am Alice');
    fireEvent.change(text, { target: { value: 'Hi Bao, Alice from work' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(found).findByText('Request sent');
    expect(srv.callsTo('/enterprise/friend/add')).toEqual([{ user_id: 21, remark: 'Hi Bao, Alice from work' }]);
    expect(within(found).queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('becomes friends at once when they had asked me', async () => {
    server('none', 1);
    await find('13800000021');
    const found = await result();
    fireEvent.click(within(found).getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(found).findByText('Already friends');
  });

  it('shows Request sent for a pending request of mine, and no Add', async () => {
    server('sent');
    await find('13800000021');
    const found = await result();
    expect(within(found).getByText('Request sent')).toBeTruthy();
    expect(within(found).queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('offers Send message to a friend, which opens the chat', async () => {
    server('friend');
    const router = await find('13800000021');
    const found = await result();
    expect(within(found).getByText('Already friends')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(currentPath(router)).toBe(`${PATHS.chat}?id=21`));
  });

  it('accepts the request of someone who asked me', async () => {
    const srv = server('received');
    await find('13800000021');
    const found = await result();
    expect(within(found).getByText('Wants to add you')).toBeTruthy();
    fireEvent.click(within(found).getByRole('button', { name: 'Accept' }));
    await within(found).findByText('Already friends');
    expect(srv.callsTo('/enterprise/friend/update')).toEqual([{ friend_id: 4, status: 1 }]);
  });

  it('leads to Scan and My QR code', async () => {
    server('none');
    openApp(PATHS.contactSearch);
    expect((await screen.findByRole('link', { name: 'Scan' })).getAttribute('href')).toBe(PATHS.scan);
    expect(screen.getByRole('link', { name: 'My QR code' }).getAttribute('href')).toBe(PATHS.qrcode);
  });
});
