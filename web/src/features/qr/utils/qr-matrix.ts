// The QR code of a text as a grid of dark (true) and light modules, drawn by the card on screen
// (SVG) and on the saved picture (canvas). Only the package's encoder is imported here.
import encodeQR from 'qr';

/** Light modules around the code, as the standard asks (4), so any reader finds it. */
export const QUIET_ZONE = 4;

/** The grid, its quiet zone included. */
export const qrMatrix = (text: string): boolean[][] => encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE });

/** One SVG path of every dark module, in module units (a 1×1 square each). */
export function qrPath(matrix: boolean[][]): string {
  let path = '';
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/** Draws the code with its quiet zone at (x, y), `size` px a side, on a 2D context. */
export function drawQr(
  context: Pick<CanvasRenderingContext2D, 'fillRect' | 'fillStyle'>,
  matrix: boolean[][],
  x: number,
  y: number,
  size: number,
): void {
  const unit = size / matrix.length;
  context.fillStyle = '#ffffff';
  context.fillRect(x, y, size, size);
  context.fillStyle = '#000000';
  matrix.forEach((row, my) => {
    row.forEach((dark, mx) => {
      // Whole pixels: a fraction would blur the edges and make the code harder to read.
      if (dark)
        context.fillRect(Math.floor(x + mx * unit), Math.floor(y + my * unit), Math.ceil(unit), Math.ceil(unit));
    });
  });
}
