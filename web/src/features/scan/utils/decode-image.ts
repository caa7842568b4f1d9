// Reading a QR code from a camera frame or a picture: the browser's BarcodeDetector where it has
// one that reads QR codes, else the `qr` package's decoder on the pixels of a canvas. The
// decoder is loaded only when first needed (only the scan screen imports this module).

type Source = HTMLVideoElement | ImageBitmap | HTMLImageElement;
export type Decoder = (source: Source) => Promise<string | null>;

interface NativeDetector {
  detect(source: Source): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

const sizeOf = (source: Source) =>
  source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : source instanceof HTMLImageElement
      ? { width: source.naturalWidth, height: source.naturalHeight }
      : { width: source.width, height: source.height };

/** Pictures larger than this are scaled down first: the decoder's time grows with the pixels. */
const MAX_SIDE = 1280;

async function packageDecoder(): Promise<Decoder> {
  const { decodeQR } = await import('qr/decode.js');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (source) => {
    const { width, height } = sizeOf(source);
    if (!context || !width || !height) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    try {
      return decodeQR({ width: image.width, height: image.height, data: image.data });
    } catch {
      return null; // no code in this frame
    }
  };
}

let decoder: Promise<Decoder> | null = null;

/** The decoder this browser uses, made once. */
export function getDecoder(): Promise<Decoder> {
  decoder ??= nativeDetector().then((native) =>
    native ? async (source: Source) => (await native.detect(source))[0]?.rawValue ?? null : packageDecoder(),
  );
  return decoder;
}

/** The text of the QR code in a picked picture, or null when it has none (or is no picture). */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const decode = await getDecoder();
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file);
    return await decode(bitmap);
  } catch {
    return null;
  } finally {
    bitmap?.close();
  }
}
