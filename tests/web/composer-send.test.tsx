// The composer sends trimmed text through the outbox, never an empty message nor one over 2048
// characters.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { hideToast, ToastHost } from '../../web/src/components/ui/toast';
import { Composer } from '../../web/src/features/chat/components/composer/composer';
import { composerDraft } from '../../web/src/features/chat/components/composer/composer-draft';
import { chatStore } from '../../web/src/features/chat/state/chat-store';

function renderComposer() {
  const sendText = vi.spyOn(chatStore.sender, 'sendText').mockResolvedValue();
  hideToast();
  render(
    <>
      <Composer contactKey="8" />
      <ToastHost />
    </>,
  );
  return { sendText, input: screen.getByRole('textbox', { name: 'Message' }) };
}

describe('composer', () => {
  it('sends the trimmed text with the Send button and clears the input', () => {
    const { sendText, input } = renderComposer();
    fireEvent.change(input, { target: { value: '  hello there \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendText).toHaveBeenCalledWith('8', 'hello there', undefined);
    expect((input as HTMLTextAreaElement).value).toBe('');
  });

  it('sends with Enter on a desktop keyboard, but Shift+Enter does not send', () => {
    const { sendText, input } = renderComposer();
    fireEvent.change(input, { target: { value: 'hi' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sendText).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sendText).toHaveBeenCalledWith('8', 'hi', undefined);
  });

  it('refuses empty and whitespace-only input', () => {
    const { sendText, input } = renderComposer();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: '  \n ' } });
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sendText).not.toHaveBeenCalled();
  });

  it('takes up to 2048 characters and refuses more with the notice, keeping the text', () => {
    const { sendText, input } = renderComposer();
    expect((input as HTMLTextAreaElement).maxLength).toBe(2048);
    // A value set past the field's limit (as a script or an old browser could).
    fireEvent.change(input, { target: { value: 'x'.repeat(2049) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendText).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('A message can be at most 2048 characters');
    expect((input as HTMLTextAreaElement).value).toHaveLength(2049);
    fireEvent.change(input, { target: { value: 'y'.repeat(2048) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendText).toHaveBeenCalledWith('8', 'y'.repeat(2048), undefined);
  });

  it('sends a quote with the text, then drops the quote', () => {
    const { sendText, input } = renderComposer();
    composerDraft.quote({ msg_id: 4, content: 'earlier', user_id: 8, realname: 'Bob' });
    fireEvent.change(input, { target: { value: 'reply' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sendText).toHaveBeenCalledWith('8', 'reply', {
      quote: { msg_id: 4, content: 'earlier', user_id: 8, realname: 'Bob' },
    });
    expect(screen.queryByRole('button', { name: 'Cancel quote' })).toBeNull();
  });
});
