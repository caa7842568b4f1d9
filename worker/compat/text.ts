// Text of the original Raingad web client: its editor sends a text message as HTML
// (`<p><span …>Hi</span></p>`, emoji as `[!1f600]` tokens or twemoji <img>), while Parley's text is
// plain. What they send becomes the plain text a person typed, so every client shows the same words.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** `1f600` or `1f468-200d-1f4bb` as the emoji it names, or null when it is no code point list. */
function emojiOf(hex: string): string | null {
  const points = hex.split('-').map((h) => Number.parseInt(h, 16));
  if (points.some((p) => !Number.isInteger(p) || p < 0x20 || p > 0x10ffff)) return null;
  return String.fromCodePoint(...points);
}

/** The alt text, or the emoji a twemoji file name spells, of one <img> tag; '' otherwise. */
function imageText(tag: string): string {
  const src = /\ssrc\s*=\s*["']?[^"'\s>]*\/([0-9a-f]+(?:-[0-9a-f]+)*)\.(?:png|svg)/i.exec(tag);
  const emoji = src ? emojiOf(src[1]!) : null;
  if (emoji) return emoji;
  return /\salt\s*=\s*"([^"]*)"/i.exec(tag)?.[1] ?? '';
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const point = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of an original client's HTML message: line breaks kept, tags dropped, entities and emoji spelled out. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<img\b[^>]*>/gi, imageText)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>\s*(?=<(p|div|li)\b)/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/\[!([0-9a-f]+(?:-[0-9a-f]+)*)\]/gi, (whole, hex: string) => emojiOf(hex) ?? whole);
  return decodeEntities(text).trim();
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML[ch]!);

/**
 * Strings the original client uses as URLs (bound to `src`/`href`): always made by the server
 * (`/file/N`, `/filedown/N`, `/fileicon/EXT`, `/scan/u/…`), so they hold none of the five; `&` is
 * left alone in them (a query string bound as an attribute must keep it), `< > " '` are escaped
 * should one ever hold them (a real URL carries them percent-encoded).
 */
const URL_KEYS = new Set(['avatar', 'src', 'preview', 'download', 'extUrl', 'qrUrl', 'url']);
const escapeUrl = (text: string) => text.replace(/[<>"']/g, (ch) => HTML[ch]!);

/** Whether a JSON text may hold a string with one of the five (JSON.stringify writes `"` as `\"`). */
export const mayNeedEscaping = (json: string) => /[&<>']|\\"|\\u00(?:2[267]|3[ce])/i.test(json);

/**
 * The other way: the original web client renders what it is sent as
 * HTML in places (a text message, a chat's last message, a mention picker inserting a member's
 * `displayName`), so every string of an answer or frame reaches it HTML-escaped, once, here at the
 * edge: names, remarks, group names and nicknames, announcements, file names and message text
 * alike, a `<` anyone typed stays a `<`. Object keys are left as they are (the server's names).
 */
export function escapeForOriginalClient(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return URL_KEYS.has(key) ? escapeUrl(value) : escapeHtml(value);
  if (Array.isArray(value)) return value.map((item) => escapeForOriginalClient(item, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeForOriginalClient(v, k)]));
}
