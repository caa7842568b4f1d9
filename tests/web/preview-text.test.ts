// @vitest-environment node
// The one preview of a message's text (chat list, search results, notifications, the server's
// stored preview): the text as written on one line, cut by length, never stripped of tag-like text.
import { describe, expect, it } from 'vitest';

import { PREVIEW_MAX, previewText } from '@protocol/preview-text';

import { previewOf } from '../../worker/services/message-handling';

describe('preview text', () => {
  it('shows text with angle brackets whole, as written', () => {
    expect(previewText('a<b and c>d')).toBe('a<b and c>d');
    expect(previewText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(previewText('x &nbsp; y')).toBe('x &nbsp; y');
  });

  it('collapses every run of whitespace, line breaks included, into one space and trims the ends', () => {
    expect(previewText('  line one\n\n\tline two  \r\n end ')).toBe('line one line two end');
  });

  it('keeps a text of exactly the limit and cuts a longer one to the limit, ending in an ellipsis', () => {
    expect(previewText('x'.repeat(PREVIEW_MAX))).toBe('x'.repeat(PREVIEW_MAX));
    const cut = previewText('x'.repeat(PREVIEW_MAX + 1));
    expect(Array.from(cut)).toHaveLength(PREVIEW_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(previewText('hello world', 6)).toBe('hello…');
  });

  it('counts characters, not UTF-16 units, so an emoji is never split', () => {
    expect(previewText('😀😀😀', 3)).toBe('😀😀😀');
    expect(previewText('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('is its own preview: cutting a preview again changes nothing', () => {
    const once = previewText(`${'word '.repeat(80)}`);
    expect(previewText(once)).toBe(once);
  });

  it("is the server's stored chat-list preview too, and a recalled message has none", () => {
    expect(previewOf({ type: 'text', content: 'a<b and\nc>d', is_undo: 0 })).toBe('a<b and c>d');
    expect(previewOf({ type: 'text', content: 'gone', is_undo: 1 })).toBe('');
  });
});
