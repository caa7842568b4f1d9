// Pure checks on uploaded bytes: does the content match its extension (magic numbers), and
// what are an image's dimensions and a recording's duration when the container says so.
const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, len: number) => String.fromCharCode(...b.subarray(at, at + len));

const ftyp = (b: Uint8Array) => ascii(b, 4, 4) === 'ftyp';
const riff = (b: Uint8Array, kind: string) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === kind;
const ole = (b: Uint8Array) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zip = (b: Uint8Array) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);

function isText(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      b.subarray(0, Math.min(b.length, 64 * 1024)).slice(0, lastCharBoundary(b)),
    );
    return true;
  } catch {
    return false;
  }
}

/** Cuts a sample at a UTF-8 character boundary so a multi-byte character is not split. */
function lastCharBoundary(b: Uint8Array): number {
  let end = Math.min(b.length, 64 * 1024);
  if (end === b.length) return end;
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end--;
  return end;
}

const SNIFFERS: Record<string, (b: Uint8Array) => boolean> = {
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (b) => ascii(b, 0, 4) === 'GIF8',
  bmp: (b) => ascii(b, 0, 2) === 'BM',
  webp: (b) => riff(b, 'WEBP'),
  pdf: (b) => ascii(b, 0, 5) === '%PDF-',
  mp3: (b) => ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0),
  wav: (b) => riff(b, 'WAVE'),
  amr: (b) => ascii(b, 0, 5) === '#!AMR',
  wmv: (b) => startsWith(b, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
  mp4: ftyp,
  mov: (b) => ftyp(b) || ['moov', 'mdat', 'wide', 'free'].includes(ascii(b, 4, 4)),
  '3gp': ftyp,
  avi: (b) => riff(b, 'AVI '),
  m2v: (b) => startsWith(b, [0, 0, 1, 0xb3]) || startsWith(b, [0, 0, 1, 0xba]),
  mkv: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  doc: ole,
  xls: ole,
  ppt: ole,
  docx: zip,
  xlsx: zip,
  pptx: zip,
  txt: isText,
  md: isText,
};
SNIFFERS.jpeg = SNIFFERS.jpg!;

export const sniffable = (ext: string) => ext in SNIFFERS;

export function contentMatches(bytes: Uint8Array, ext: string): boolean {
  const sniff = SNIFFERS[ext];
  return !!sniff && bytes.length > 0 && sniff(bytes);
}

export const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  amr: 'audio/amr',
  wmv: 'video/x-ms-wmv',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  m2v: 'video/mpeg',
  mkv: 'video/x-matroska',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + (b[at + 1]! << 16) + (b[at + 2]! << 8) + b[at + 3]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + ((b[at + 3]! << 24) >>> 0);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

export function imageSize(b: Uint8Array, ext: string): { width: number; height: number } | null {
  if (b.length < 30) return null;
  if (ext === 'png') return { width: u32be(b, 16), height: u32be(b, 20) };
  if (ext === 'gif') return { width: u16le(b, 6), height: u16le(b, 8) };
  if (ext === 'bmp') return { width: u32le(b, 18), height: Math.abs(u32le(b, 22) | 0) };
  if (ext === 'webp') {
    const chunk = ascii(b, 12, 4);
    if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = u32le(b, 21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return null;
  }
  if (ext === 'jpg' || ext === 'jpeg') return jpegSize(b);
  return null;
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    const length = u16be(b, at + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    at += 2 + length;
  }
  return null;
}

/** Duration in seconds from an MP4/MOV `mvhd` box or a WAV header; null when not readable. */
export function mediaDuration(b: Uint8Array, ext: string): number | null {
  if (ext === 'wav') {
    const byteRate = u32le(b, 28);
    const dataAt = findAscii(b, 'data', 12, 4096);
    if (!byteRate || dataAt < 0) return null;
    return u32le(b, dataAt + 4) / byteRate;
  }
  if (['mp4', 'mov', '3gp'].includes(ext)) {
    const at = findAscii(b, 'mvhd', 0, b.length);
    if (at < 0) return null;
    const version = b[at + 4];
    const scaleAt = version === 1 ? at + 4 + 4 + 16 : at + 4 + 4 + 8;
    const scale = u32be(b, scaleAt);
    const duration = version === 1 ? u32be(b, scaleAt + 4) * 2 ** 32 + u32be(b, scaleAt + 8) : u32be(b, scaleAt + 4);
    return scale ? duration / scale : null;
  }
  return null;
}

function findAscii(b: Uint8Array, text: string, from: number, to: number): number {
  const codes = [...text].map((ch) => ch.charCodeAt(0));
  const end = Math.min(b.length - codes.length, to);
  for (let i = from; i <= end; i++) if (startsWith(b, codes, i)) return i;
  return -1;
}
