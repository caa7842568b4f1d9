// The browser tab's title shows the unread total like the messages tab's badge, without muted
// chats, and loses it when nothing is unread or the user signs out.
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { unreadTitle, useUnreadTitle } from '../../web/src/features/chat/hooks/use-unread-title';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { chatState, contact } from './chat-factories';

afterEach(() => {
  chatStore.set(() => chatState());
  document.title = 'Parley';
});

describe('unread count in the tab title', () => {
  it('counts like the badge, follows changes and clears on sign-out', () => {
    document.title = 'Parley';
    chatStore.set(() =>
      chatState({
        contacts: [contact(1, { unread: 2 }), contact(2, { unread: 1 }), contact(3, { unread: 9, is_notice: 0 })],
      }),
    );
    const { unmount } = renderHook(() => useUnreadTitle());
    expect(document.title).toBe('(3) Parley');
    act(() =>
      chatStore.set((s) => ({ ...s, contacts: s.contacts.map((c) => (c.id === 1 ? { ...c, unread: 0 } : c)) })),
    );
    expect(document.title).toBe('(1) Parley');
    act(() =>
      chatStore.set((s) => ({ ...s, contacts: s.contacts.map((c) => ({ ...c, unread: c.is_notice ? 0 : c.unread })) })),
    );
    expect(document.title).toBe('Parley');
    act(() => chatStore.set((s) => ({ ...s, contacts: [contact(4, { unread: 5 })] })));
    expect(document.title).toBe('(5) Parley');
    unmount();
    expect(document.title).toBe('Parley');
  });

  it('keeps the name the app was given and caps the count at 99+', () => {
    expect(unreadTitle('Team Chat', 0)).toBe('Team Chat');
    expect(unreadTitle('Team Chat', 7)).toBe('(7) Team Chat');
    expect(unreadTitle('Team Chat', 120)).toBe('(99+) Team Chat');
  });
});
