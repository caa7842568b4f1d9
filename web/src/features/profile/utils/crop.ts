// The square crop of an avatar, as plain geometry: a picture of `natural` size shown in a square
// viewport of `view` px, scaled to cover it at zoom 1, moved by `offset` (the picture's top-left
// corner relative to the viewport's, never leaving a gap). The chosen square of the original is
// drawn onto a canvas of at most AVATAR_OUTPUT_MAX px a side.

export const AVATAR_OUTPUT_MAX = 512;
export const ZOOM_MAX = 4;

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
export interface CropView {
  natural: Size;
  view: number;
  zoom: number;
  offset: Point;
}

/** Pixels on screen per pixel of the picture. */
export const scaleOf = (natural: Size, view: number, zoom: number) =>
  (view / Math.min(natural.width, natural.height)) * zoom;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The offset moved back so the picture still covers the whole viewport. */
export function clampOffset({ natural, view, zoom, offset }: CropView): Point {
  const scale = scaleOf(natural, view, zoom);
  return {
    x: clamp(offset.x, view - natural.width * scale, 0),
    y: clamp(offset.y, view - natural.height * scale, 0),
  };
}

/** The picture centred in the viewport at zoom 1. */
export function centredOffset(natural: Size, view: number, zoom = 1): Point {
  const scale = scaleOf(natural, view, zoom);
  return { x: (view - natural.width * scale) / 2, y: (view - natural.height * scale) / 2 };
}

/** Zooms about the viewport's centre, keeping the point under it where it was. */
export function zoomTo(crop: CropView, zoom: number): CropView {
  const next = clamp(zoom, 1, ZOOM_MAX);
  const ratio = scaleOf(crop.natural, crop.view, next) / scaleOf(crop.natural, crop.view, crop.zoom);
  const centre = crop.view / 2;
  const offset = { x: centre - (centre - crop.offset.x) * ratio, y: centre - (centre - crop.offset.y) * ratio };
  return { ...crop, zoom: next, offset: clampOffset({ ...crop, zoom: next, offset }) };
}

/** The square of the original picture the viewport shows: always as wide as it is high. */
export function cropSquare(crop: CropView): { x: number; y: number; size: number } {
  const scale = scaleOf(crop.natural, crop.view, crop.zoom);
  const { x, y } = clampOffset(crop);
  const size = Math.min(crop.view / scale, crop.natural.width, crop.natural.height);
  return {
    x: clamp(-x / scale, 0, crop.natural.width - size),
    y: clamp(-y / scale, 0, crop.natural.height - size),
    size,
  };
}

/** The side of the output picture: the chosen square's own pixels, at most AVATAR_OUTPUT_MAX. */
export const outputSide = (square: { size: number }) =>
  Math.max(1, Math.min(AVATAR_OUTPUT_MAX, Math.round(square.size)));

/** What drawing the crop needs of a canvas (a real one, or a test's stand-in). */
export interface CropCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): Pick<CanvasRenderingContext2D, 'drawImage' | 'fillRect' | 'fillStyle' | 'imageSmoothingQuality'> | null;
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

/** Draws the chosen square on `canvas`, square and at most 512 px a side; false when it cannot draw. */
export function drawCrop(canvas: CropCanvas, source: CanvasImageSource, crop: CropView): boolean {
  const square = cropSquare(crop);
  const side = outputSide(square);
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.imageSmoothingQuality = 'high';
  // A transparent PNG would turn black as JPEG: white beneath it.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.drawImage(source, square.x, square.y, square.size, square.size, 0, 0, side, side);
  return true;
}

const toBlob = (canvas: CropCanvas, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));

/** The drawn crop as WebP, or JPEG where the browser cannot encode WebP (it answers PNG then). */
export async function encodeCrop(canvas: CropCanvas): Promise<Blob | null> {
  const webp = await toBlob(canvas, 'image/webp');
  if (webp?.type === 'image/webp') return webp;
  return toBlob(canvas, 'image/jpeg');
}
