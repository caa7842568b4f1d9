// Every bubble shows its time (HH:mm); own messages say Sending / Unread / Read to screen readers
// from the bubble's corner; a forwarded copy says "Forwarded"; emoji-only messages are big.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { timeOfDay } from '../../web/src/features/chat/components/thread/message-meta';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import type { ChatMessage } from '../../web/src/features/chat/types';
import { ME, message, PEER } from './chat-factories';

const AT_0905 = new Date(2025, 4, 17, 9, 5).getTime();

function renderRow(m: ChatMessage, { read = false } = {}) {
  return render(
    <MessageRow
      message={m}
      mine={m.fromUser.id === ME}
      isGroup={false}
      read={read}
      recallDraft={null}
      onMenu={vi.fn()}
      onFailedTap={vi.fn()}
      onReedit={vi.fn()}
    />,
  );
}

describe('bubble time and marks', () => {
  it('formats the time of day as 24-hour HH:mm', () => {
    expect(timeOfDay(AT_0905)).toBe('09:05');
    expect(timeOfDay(new Date(2025, 4, 17, 23, 59).getTime())).toBe('23:59');
  });

  it('shows the time in a received bubble, outside the bubble text', () => {
    renderRow(message(undefined, { content: 'hi there', sendTime: AT_0905 }));
    const time = screen.getByText('09:05');
    expect(time.tagName).toBe('TIME');
    expect(screen.getByTestId('bubble').textContent).toBe('hi there');
  });

  it('gives own messages their time and Unread / Read as text for screen readers', () => {
    const { unmount } = renderRow(message(ME, { sendTime: AT_0905 }));
    expect(screen.getByText('09:05')).toBeTruthy();
    expect(screen.getByText('Unread').className).toContain('sr-only');
    unmount();
    renderRow(message(ME, { sendTime: AT_0905 }), { read: true });
    expect(screen.getByText('Read')).toBeTruthy();
  });

  it('labels a forwarded copy of every kind, and only that', () => {
    const kinds = [
      { type: 'text', content: 'hi' },
      { type: 'image', content: '/file/1' },
      { type: 'file', content: '/file/2' },
      { type: 'video', content: '/file/3' },
      { type: 'voice', content: '/file/4' },
    ] as const;
    for (const kind of kinds) {
      const { unmount } = renderRow(message(undefined, { ...kind, extends: { is_forward: 1 } }));
      expect(screen.getByText('Forwarded'), kind.type).toBeTruthy();
      unmount();
    }
    renderRow(message(undefined, { extends: null }));
    expect(screen.queryByText('Forwarded')).toBeNull();
  });

  it("labels a group's announcement, and only that", () => {
    const { unmount } = renderRow(message(undefined, { extends: { at: [0], notice: 1 } }));
    expect(screen.getByText('Announcement')).toBeTruthy();
    unmount();
    renderRow(message(undefined, { extends: { at: [0] } }));
    expect(screen.queryByText('Announcement')).toBeNull();
  });

  it("puts a call record's time inside its bubble, in the corner as a text bubble's, with room kept for it", () => {
    for (const from of [undefined, ME]) {
      const { unmount } = renderRow(
        message(from, {
          type: 'webrtc',
          content: '',
          sendTime: AT_0905,
          extends: { id: 'c1', type: 0, code: 906, callTime: 65, caller: from ?? PEER },
        }),
      );
      const time = screen.getByText('09:05');
      const bubble = screen.getByTestId('bubble');
      // The time sits in the bubble's box (the focusable frame holding it), not under it.
      expect(time.closest('[tabindex]')).toBe(bubble.parentElement);
      expect(time.parentElement!.className).toContain('absolute');
      expect(bubble.querySelector('[data-meta-room]')).toBeTruthy();
      unmount();
    }
  });

  it('draws a message of only emoji big, with no bubble around it', () => {
    renderRow(message(undefined, { content: '😀🎉' }));
    const big = screen.getByTestId('bubble').firstElementChild!;
    expect(big.hasAttribute('data-emoji-only')).toBe(true);
    expect(big.className).toContain('text-[44px]');
  });
});
