// The full-screen photo preview opens from a photo bubble and closes on a tap, on Escape, and by
// itself when that photo is recalled while it is open.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImagePreviewHost } from '../../web/src/features/chat/components/thread/image-preview';
import { ImageBubble } from '../../web/src/features/chat/components/thread/media-bubbles';
import type { ChatMessage } from '../../web/src/features/chat/types';
import { message, PEER } from './chat-factories';

const photo = message(PEER, { type: 'image', content: '/file/41', extends: { width: 800, height: 600 } });
const other = message(PEER, { type: 'image', content: '/file/42' });

function Screen({ messages }: { messages: ChatMessage[] }) {
  return (
    <>
      {messages.filter((m) => !m.is_undo).map((m) => <ImageBubble key={m.id} message={m} />)}
      <ImagePreviewHost messages={messages} />
    </>
  );
}

const previewShown = () => screen.queryByRole('dialog', { name: 'Image preview' });

describe('photo preview', () => {
  it('opens from the bubble and closes on a tap and on Escape', () => {
    render(<Screen messages={[photo]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    expect(previewShown()?.querySelector('img')?.getAttribute('src')).toBe('/file/41');
    fireEvent.click(previewShown()!);
    expect(previewShown()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(previewShown()).toBeNull();
  });

  it('closes when the photo on show is recalled, not when another one is', () => {
    const { rerender } = render(<Screen messages={[photo, other]} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Open photo' })[0]!);
    act(() => rerender(<Screen messages={[photo, { ...other, is_undo: 1, type: 'event', content: '' }]} />));
    expect(previewShown()).not.toBeNull();
    act(() => rerender(<Screen messages={[{ ...photo, is_undo: 1, type: 'event', content: '' }]} />));
    expect(previewShown()).toBeNull();
  });
});
