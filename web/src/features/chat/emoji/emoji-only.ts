// Whether a message is nothing but a few emoji (1–3, spaces between them allowed): such a message
// is drawn big and without a bubble, like a sticker. Counted by grapheme, so a family, a flag or
// a thumbs-up with a skin tone is one emoji.
export const EMOJI_ONLY_MAX = 3;

// Made at the first text that needs it: making one costs 15–70 ms of main thread in Chromium on
// this project's machines (ICU's break rules), once, and every row of an opening thread asks.
let segmenter: Intl.Segmenter | undefined;
// No emoji holds a letter (a keycap holds a digit, # or *): text with one is no emoji alone, and
// most messages are settled by this test without a segmenter.
const LETTER = /\p{L}/u;
const WHITESPACE = /^\s+$/u;
// Drawn as an emoji by default, or asked to be (VS16), or a keycap.
const PRESENTED = /\p{Emoji_Presentation}|\uFE0F|\u20E3/u;
// Symbols such as ❤ or ☺ are sent without VS16 too; ©, ® and ™ (below U+2600) stay text.
const PICTOGRAPHIC = /^\p{Extended_Pictographic}/u;
const FIRST_SYMBOL_BLOCK = 0x2600;

function isEmoji(grapheme: string): boolean {
  if (PRESENTED.test(grapheme)) return true;
  return PICTOGRAPHIC.test(grapheme) && grapheme.codePointAt(0)! >= FIRST_SYMBOL_BLOCK;
}

/** How many emoji the text is made of (1–3), or 0 when it holds anything else or more of them. */
export function emojiOnlyCount(text: string): number {
  const trimmed = text.trim();
  // A long string cannot be three emoji (the longest family sequences are about 11 code units each).
  if (!trimmed || trimmed.length > 48 || LETTER.test(trimmed)) return 0;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const { segment } of segmenter.segment(trimmed)) {
    if (WHITESPACE.test(segment)) continue;
    if (!isEmoji(segment) || ++count > EMOJI_ONLY_MAX) return 0;
  }
  return count;
}
