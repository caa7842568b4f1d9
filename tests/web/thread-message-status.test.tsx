// Own messages show how far they got: sending, failed (with Retry / Delete), read or unread.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { isReadByPeer } from '../../web/src/features/chat/components/thread/message-display-rules';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import type { ChatMessage } from '../../web/src/features/chat/types';
import { ME, message, PEER } from './chat-factories';

function renderRow(message: ChatMessage, { read = false, isGroup = false } = {}) {
  const onFailedTap = vi.fn();
  render(
    <MessageRow
      message={message}
      mine={message.fromUser.id === ME}
      isGroup={isGroup}
      read={read}
      recallDraft={null}
      onMenu={vi.fn()}
      onFailedTap={onFailedTap}
      onReedit={vi.fn()}
    />,
  );
  return { onFailedTap };
}

describe('own message status', () => {
  it('shows a spinner while the message is going out', () => {
    renderRow(message(ME, { status: 'going', msg_id: 0, seq: 0 }));
    expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy();
    expect(screen.queryByText('Unread')).toBeNull();
  });

  it('shows how far a file has uploaded instead of the spinner', () => {
    renderRow(message(ME, { type: 'file', status: 'going', msg_id: 0, seq: 0, progress: 0.42 }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.textContent).toBe('42%');
    expect(screen.queryByRole('status', { name: 'Sending' })).toBeNull();
  });

  it('shows a red "!" for a failed message, which asks what to do when tapped', () => {
    const failed = message(ME, { status: 'failed', msg_id: 0, seq: 0 });
    const { onFailedTap } = renderRow(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Not sent, tap for options' }));
    expect(onFailedTap).toHaveBeenCalledWith(failed);
  });

  it('says Unread until the peer has read it, then Read', () => {
    renderRow(message(ME));
    expect(screen.getByText('Unread')).toBeTruthy();
    cleanup();
    renderRow(message(ME), { read: true });
    expect(screen.getByText('Read')).toBeTruthy();
    expect(screen.queryByText('Unread')).toBeNull();
  });

  it('shows no receipts in groups, and none on messages from others', () => {
    renderRow(message(ME), { isGroup: true });
    renderRow(message());
    expect(screen.queryByText('Unread')).toBeNull();
    expect(screen.queryByText('Read')).toBeNull();
  });

  it('counts a message as read from the history flag or the live read watermark', () => {
    expect(isReadByPeer(message(PEER, { seq: 5, is_read: 1 }), 0)).toBe(true);
    expect(isReadByPeer(message(PEER, { seq: 5 }), 5)).toBe(true);
    expect(isReadByPeer(message(PEER, { seq: 6 }), 5)).toBe(false);
    expect(isReadByPeer(message(PEER, { seq: 0, status: 'going' }), 5)).toBe(false);
  });
});
