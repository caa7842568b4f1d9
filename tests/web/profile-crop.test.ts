// @vitest-environment node
// The avatar crop: whatever the picture's shape, zoom and position, the chosen part is a square
// inside the picture, and the drawn output is a square of at most 512 px.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  AVATAR_OUTPUT_MAX,
  centredOffset,
  clampOffset,
  type CropCanvas,
  cropSquare,
  type CropView,
  drawCrop,
  encodeCrop,
  outputSide,
  ZOOM_MAX,
  zoomTo,
} from '../../web/src/features/profile/utils/crop';

const VIEW = 280;

function fakeCanvas(types: string[] = ['image/webp']) {
  const draws: unknown[][] = [];
  const canvas: CropCanvas & { draws: unknown[][] } = {
    width: 0,
    height: 0,
    draws,
    getContext: () =>
      ({
        drawImage: (...args: unknown[]) => void draws.push(args),
        fillRect: () => undefined,
        fillStyle: '',
        imageSmoothingQuality: 'low',
      }) as never,
    // A browser that cannot encode a type answers PNG instead.
    toBlob: (callback, type) =>
      callback(new Blob([new Uint8Array(4)], { type: type && types.includes(type) ? type : 'image/png' })),
  };
  return canvas;
}

describe('avatar crop', () => {
  it('starts centred: a wide picture shows its middle square', () => {
    const natural = { width: 1600, height: 800 };
    const crop: CropView = { natural, view: VIEW, zoom: 1, offset: centredOffset(natural, VIEW) };
    expect(cropSquare(crop)).toEqual({ x: 400, y: 0, size: 800 });
  });

  it('draws a square of at most 512 px from a large picture, and a small one at its own size', () => {
    const big = fakeCanvas();
    const natural = { width: 4000, height: 3000 };
    expect(
      drawCrop(big, {} as CanvasImageSource, { natural, view: VIEW, zoom: 1, offset: centredOffset(natural, VIEW) }),
    ).toBe(true);
    expect([big.width, big.height]).toEqual([AVATAR_OUTPUT_MAX, AVATAR_OUTPUT_MAX]);
    const [, sx, sy, sw, sh, dx, dy, dw, dh] = big.draws[0]!;
    [500, 0, 3000, 3000, 0, 0, 512, 512].forEach((value, i) =>
      expect([sx, sy, sw, sh, dx, dy, dw, dh][i]).toBeCloseTo(value, 6),
    );

    const small = fakeCanvas();
    const tiny = { width: 300, height: 200 };
    drawCrop(small, {} as CanvasImageSource, { natural: tiny, view: VIEW, zoom: 1, offset: centredOffset(tiny, VIEW) });
    expect([small.width, small.height]).toEqual([200, 200]);
  });

  it('keeps the square inside the picture whatever the zoom and the drag (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 1, max: ZOOM_MAX, noNaN: true }),
        fc.double({ min: -10000, max: 10000, noNaN: true }),
        fc.double({ min: -10000, max: 10000, noNaN: true }),
        (width, height, zoom, x, y) => {
          const natural = { width, height };
          const crop = zoomTo(
            { natural, view: VIEW, zoom: 1, offset: clampOffset({ natural, view: VIEW, zoom: 1, offset: { x, y } }) },
            zoom,
          );
          const square = cropSquare(crop);
          expect(square.x).toBeGreaterThanOrEqual(0);
          expect(square.y).toBeGreaterThanOrEqual(0);
          expect(square.x + square.size).toBeLessThanOrEqual(width + 1e-6);
          expect(square.y + square.size).toBeLessThanOrEqual(height + 1e-6);
          const side = outputSide(square);
          expect(side).toBeGreaterThanOrEqual(1);
          expect(side).toBeLessThanOrEqual(AVATAR_OUTPUT_MAX);
        },
      ),
    );
  });

  it('zooming in shows a smaller square around the same centre', () => {
    const natural = { width: 1000, height: 1000 };
    const start: CropView = { natural, view: VIEW, zoom: 1, offset: centredOffset(natural, VIEW) };
    const zoomed = cropSquare(zoomTo(start, 2));
    expect(zoomed.x).toBeCloseTo(250, 6);
    expect(zoomed.y).toBeCloseTo(250, 6);
    expect(zoomed.size).toBeCloseTo(500, 6);
    expect(zoomTo(start, 99).zoom).toBe(ZOOM_MAX);
    expect(zoomTo(start, 0.2).zoom).toBe(1);
  });

  it('encodes WebP, or JPEG where the browser cannot make WebP', async () => {
    expect((await encodeCrop(fakeCanvas(['image/webp', 'image/jpeg'])))?.type).toBe('image/webp');
    expect((await encodeCrop(fakeCanvas(['image/jpeg'])))?.type).toBe('image/jpeg');
  });
});
