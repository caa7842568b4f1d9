// "Save as image": a card (mine or a group's: name, avatar, the code, how long it is valid)
// drawn on a canvas and downloaded as a PNG. The avatar is drawn when it loads (it is served by
// this app, so the canvas stays exportable); otherwise its first letter in a grey square.
import { drawQr } from './qr-matrix';

const WIDTH = 600;
const HEIGHT = 780;
const PADDING = 48;
const AVATAR = 96;

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

export interface CardContent {
  name: string;
  avatar: string;
  matrix: boolean[][];
  validUntil: string;
}

export async function cardPicture(card: CardContent): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, HEIGHT);

  const avatar = card.avatar ? await loadImage(card.avatar) : null;
  if (avatar) context.drawImage(avatar, PADDING, PADDING, AVATAR, AVATAR);
  else {
    context.fillStyle = '#6b6b6b';
    context.fillRect(PADDING, PADDING, AVATAR, AVATAR);
    context.fillStyle = '#ffffff';
    context.font = '500 44px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(Array.from(card.name.trim())[0]?.toUpperCase() ?? '?', PADDING + AVATAR / 2, PADDING + AVATAR / 2);
  }
  context.fillStyle = '#111111';
  context.font = '600 34px system-ui, sans-serif';
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  context.fillText(card.name, PADDING + AVATAR + 24, PADDING + AVATAR / 2, WIDTH - PADDING * 2 - AVATAR - 24);

  const qrTop = PADDING + AVATAR + 32;
  const qrSize = WIDTH - PADDING * 2;
  drawQr(context, card.matrix, PADDING, qrTop, qrSize);

  context.fillStyle = '#5e5e5e';
  context.font = '24px system-ui, sans-serif';
  context.textAlign = 'center';
  context.fillText(card.validUntil, WIDTH / 2, qrTop + qrSize + 36, WIDTH - PADDING * 2);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** Hands a picture to the browser as a download named `name`. */
export function download(picture: Blob, name: string): void {
  const url = URL.createObjectURL(picture);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
