// Text from the original Raingad clients (issue 27): their editor sends a text message as HTML
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

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const point = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of an original client's HTML message: line breaks kept, tags dropped, entities and emoji spelled out. */
export function legacyHtmlToText(html: string): string {
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
 * The other way (issue 27): the original web client renders a text message's `content` and a chat's
 * `lastContent` as HTML, so Parley's plain text reaches it escaped: a `<` someone typed stays a `<`,
 * never markup. Rewrites every text message found in `value` (answers and frames nest them) in
 * place; answers whether anything changed.
 */
export function escapeTextsForOriginalClient(value: unknown, depth = 0): boolean {
  if (depth > 6 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value))
    return value.reduce<boolean>((changed, v) => escapeTextsForOriginalClient(v, depth + 1) || changed, false);
  const record = value as Record<string, unknown>;
  let changed = false;
  if (record.type === 'text') {
    for (const key of ['content', 'lastContent'] as const) {
      const text = record[key];
      if (typeof text === 'string' && /[&<>"']/.test(text)) {
        record[key] = escapeHtml(text);
        changed = true;
      }
    }
  }
  for (const [key, nested] of Object.entries(record))
    if (key !== 'content' && key !== 'lastContent')
      changed = escapeTextsForOriginalClient(nested, depth + 1) || changed;
  return changed;
}
