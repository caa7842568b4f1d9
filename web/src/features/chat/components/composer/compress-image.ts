// Photos from a phone camera are often 4000 px and several MB; they are scaled down on the
// device before upload (as the original mobile client did), which saves the sender's data and
// every reader's. GIFs keep their animation and small images go as they are.
export const MAX_SIDE_PX = 1600;
const SKIP_BELOW_BYTES = 300 * 1024;
const QUALITY = 0.82;

/** The size to draw at: the long side capped at `max`, the aspect kept, never enlarged. */
export function scaledSize(width: number, height: number, max = MAX_SIDE_PX): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG for photos; WebP for PNG and WebP, which may be transparent. */
export function outputFormat(type: string): { mime: string; ext: string } | null {
  if (type === 'image/jpeg') return { mime: 'image/jpeg', ext: 'jpg' };
  if (type === 'image/png' || type === 'image/webp') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** A smaller copy of `file`, or null when it should go as it is (or the browser cannot shrink it). */
export async function compressImage(file: File): Promise<File | null> {
  const format = outputFormat(file.type);
  if (!format || file.size < SKIP_BELOW_BYTES || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, format.mime, QUALITY));
    if (!blob || blob.size >= file.size) return null;
    const base = file.name.replace(/\.[^.]*$/, '') || 'photo';
    return new File([blob], `${base}.${format.ext}`, { type: format.mime });
  } catch {
    return null;
  }
}
