// A message's text as a one-line preview (chat list, search results, notifications): the text as
// written, whitespace collapsed, cut by length. Never stripped of anything that looks like a tag:
// a message is plain text everywhere, so "a<b and c>d" previews as itself.

/** Characters of a chat-list preview (the server stores the same, so both cut in one place). */
export const PREVIEW_MAX = 200;
const ELLIPSIS = '…';

/**
 * One line of at most `max` characters (code points, so an emoji is never split), ending in "…"
 * when cut. Idempotent: a preview of a preview is itself.
 */
export function previewText(content: string, max = PREVIEW_MAX): string {
  const line = content.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  return (
    chars
      .slice(0, Math.max(0, max - 1))
      .join('')
      .trimEnd() + ELLIPSIS
  );
}
