// The chat header's presence line for a one-to-one contact: "Online", "Last seen …" in the spec
// message-time words when the contact is offline and the server knows when they left, plain
// "Offline" when it does not, nothing when the server hides presence (chatInfo.online).
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { ChatTopBar } from '../../web/src/features/chat/components/thread/chat-top-bar';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { chatState, contact, frame, PEER } from './chat-factories';

const DEVICE = { clientId: 'me', isMobile: false, multipleLogin: true };

function header(lastSeen: number, online: boolean | null) {
  act(() =>
    chatStore.set(() => chatState({ contacts: [contact(PEER, { is_online: online ? 1 : 0, last_seen: lastSeen })] })),
  );
  render(
    <MemoryRouter>
      <ChatTopBar contactKey={String(PEER)} title="Anna" online={online} />
    </MemoryRouter>,
  );
}

const secondsAgo = (s: number) => Math.floor(Date.now() / 1000) - s;

afterEach(() => act(() => chatStore.set(() => chatState())));

describe('last seen in the chat header', () => {
  it('says when an offline contact was last online, in the message-time words', () => {
    header(secondsAgo(5 * 60 + 10), false);
    expect(screen.getByText('Last seen 5 minutes ago')).toBeTruthy();
  });

  it('says "just now" under a minute', () => {
    header(secondsAgo(20), false);
    expect(screen.getByText('Last seen just now')).toBeTruthy();
  });

  it('says Offline when the time is not known', () => {
    header(0, false);
    expect(screen.getByText('Offline')).toBeTruthy();
  });

  it('says Online while online, whatever time is stored', () => {
    header(secondsAgo(60), true);
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.queryByText(/Last seen/)).toBeNull();
  });

  it('shows no presence at all where the server hides it', () => {
    header(secondsAgo(60), null);
    expect(screen.queryByText(/Last seen|Offline|Online/)).toBeNull();
  });

  it('takes the moment a contact went offline from the isOnline frame, and forgets it when they return', () => {
    const start = chatState({ contacts: [contact(PEER, { is_online: 1 })] });
    const left = applyFrame(start, frame('isOnline', { id: PEER, is_online: 0 }), DEVICE).state;
    expect(left.contacts[0]).toMatchObject({ is_online: 0, last_seen: 1 });
    const back = applyFrame(left, frame('isOnline', { id: PEER, is_online: 1 }), DEVICE).state;
    expect(back.contacts[0]).toMatchObject({ is_online: 1, last_seen: 0 });
  });
});
