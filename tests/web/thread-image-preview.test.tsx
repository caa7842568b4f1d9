// The full-screen photo preview opens from a photo bubble, goes through the chat's other photos
// (swipe, arrow keys, side buttons, "2 / 3"), zooms (buttons, double tap, Ctrl + wheel), offers a
// download, and closes on a tap beside the photo, its close button, Escape, and by itself when
// that photo is recalled while it is open. The keyboard focus goes to its close button as it
// opens and back to the photo that opened it as it closes.
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
      {messages
        .filter((m) => !m.is_undo && m.type === 'image')
        .map((m) => (
          <ImageBubble key={m.id} message={m} />
        ))}
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

  it("goes through the chat's photos by swipe, arrow keys and buttons, and a swipe does not close it", () => {
    const text = message(PEER, { type: 'text', content: 'not a photo' });
    const third = message(PEER, { type: 'image', content: '/file/43' });
    render(<Screen messages={[photo, text, other, third]} />);
    const shownSrc = () => previewShown()?.querySelector('img')?.getAttribute('src');
    const counter = () => previewShown()?.querySelector('p')?.textContent;
    fireEvent.click(screen.getAllByRole('button', { name: 'Open photo' })[1]!);
    expect([shownSrc(), counter()]).toEqual(['/file/42', '2 / 3']);

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect([shownSrc(), counter()]).toEqual(['/file/43', '3 / 3']);
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shownSrc()).toBe('/file/43');

    // A swipe to the right goes back; the click that ends it does not close the preview.
    const dialog = previewShown()!;
    fireEvent.pointerDown(dialog, { clientX: 100, clientY: 400 });
    fireEvent.pointerUp(dialog, { clientX: 260, clientY: 410 });
    fireEvent.click(dialog);
    expect(shownSrc()).toBe('/file/42');

    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect([shownSrc(), counter()]).toEqual(['/file/41', '1 / 3']);
    expect(screen.queryByRole('button', { name: 'Previous photo' })).toBeNull();
    // A swipe left goes forward.
    fireEvent.pointerDown(previewShown()!, { clientX: 300, clientY: 400 });
    fireEvent.pointerUp(previewShown()!, { clientX: 120, clientY: 400 });
    expect(shownSrc()).toBe('/file/42');

    // A tap closes.
    fireEvent.pointerDown(previewShown()!, { clientX: 200, clientY: 400 });
    fireEvent.pointerUp(previewShown()!, { clientX: 201, clientY: 400 });
    fireEvent.click(previewShown()!);
    expect(previewShown()).toBeNull();
  });

  it('shows no counter or side buttons for the only photo', () => {
    render(<Screen messages={[photo]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    expect(previewShown()?.querySelector('p')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Previous photo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next photo' })).toBeNull();
  });
});

describe('photo preview tools', () => {
  const shownImg = () => previewShown()!.querySelector('img')!;
  const scaleOf = () => Number(/scale\(([\d.]+)\)/.exec(shownImg().style.transform)?.[1]);

  it('zooms with the buttons, a double tap and Ctrl + wheel, and a tap on the zoomed photo does not close it', () => {
    render(<Screen messages={[photo]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    expect(scaleOf()).toBe(1);
    expect((screen.getByRole('button', { name: 'Zoom out' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(scaleOf()).toBe(1.5);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(scaleOf()).toBe(1);

    fireEvent.click(shownImg());
    fireEvent.click(shownImg());
    expect(scaleOf()).toBe(2.5);
    expect(previewShown()).not.toBeNull();
    fireEvent.click(shownImg());
    fireEvent.click(shownImg());
    expect(scaleOf()).toBe(1);

    fireEvent.wheel(previewShown()!, { deltaY: -100, ctrlKey: true });
    expect(scaleOf()).toBeGreaterThan(1.5);
    fireEvent.wheel(previewShown()!, { deltaY: -100 });
    expect(scaleOf()).toBeLessThan(2);
  });

  it('offers the photo for download and closes with its close button', () => {
    render(<Screen messages={[photo]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open photo' }));
    const download = screen.getByRole('link', { name: 'Download' });
    expect([download.getAttribute('href'), download.hasAttribute('download')]).toEqual(['/file/41', true]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(previewShown()).toBeNull();
  });

  it('takes the keyboard focus to its close button, and gives it back to the photo on closing', () => {
    render(<Screen messages={[photo, other]} />);
    const opener = screen.getAllByRole('button', { name: 'Open photo' })[1]!;
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    // Going to another photo keeps the focus in the preview.
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(previewShown()!.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(window, { key: 'Escape' });
    expect(previewShown()).toBeNull();
    expect(document.activeElement).toBe(opener);

    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });
});
