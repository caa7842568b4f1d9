import { describe, expect, it } from 'vitest';

import {
  compressImage,
  outputFormat,
  scaledSize,
} from '../../web/src/features/chat/components/composer/compress-image';

describe('photo compression', () => {
  it('caps the long side at 1600 px and keeps the aspect ratio', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(1080, 4320)).toEqual({ width: 400, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps transparency possible (WebP for PNG) and leaves GIFs alone', () => {
    expect(outputFormat('image/jpeg')).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
    expect(outputFormat('image/png')).toEqual({ mime: 'image/webp', ext: 'webp' });
    expect(outputFormat('image/gif')).toBeNull();
  });

  it('sends small files as they are', async () => {
    const file = new File([new Uint8Array(1000)], 'tiny.jpg', { type: 'image/jpeg' });
    expect(await compressImage(file)).toBeNull();
  });
});
