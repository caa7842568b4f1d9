// The avatar crop dialog under React's StrictMode: the development double effects
// (mount, clean up, mount) must not revoke the picture's blob: URL while the picture still shows it,
// and the URL goes away when the dialog closes. jsdom has no blob: URLs, so a small registry stands in.
import { fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AvatarCropDialog } from '../../web/src/features/profile';

// A 1×1 PNG: a real picture, as the file picker would hand it over.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

const live = new Map<string, Blob>();
let made = 0;

beforeEach(() => {
  live.clear();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${++made}`;
    live.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void live.delete(url));
});

afterEach(() => vi.restoreAllMocks());

describe('avatar crop dialog', () => {
  it('keeps the picture readable under StrictMode, loads it, and lets it go on close', async () => {
    const file = new File([PNG], 'me.png', { type: 'image/png' });
    const view = render(
      <StrictMode>
        <AvatarCropDialog file={file} onCropped={() => undefined} onCancel={() => undefined} />
      </StrictMode>,
    );
    const picture = (await screen.findByRole('group', { name: /^Avatar crop area/ })).querySelector('img')!;
    expect(picture).toBeTruthy();
    const src = picture.getAttribute('src')!;
    // The URL the picture reads is still alive, and holds the picked file.
    expect(live.get(src)).toBe(file);
    Object.defineProperty(picture, 'naturalWidth', { value: 1 });
    Object.defineProperty(picture, 'naturalHeight', { value: 1 });
    fireEvent.load(picture);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Use' }).disabled).toBe(false);
    view.unmount();
    expect(live.size).toBe(0);
  });
});
