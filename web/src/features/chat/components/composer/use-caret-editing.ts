// Emoji go in at the caret (not at the end), and the panel's backspace removes one whole
// character before it — an emoji can be several UTF-16 units, so it goes by grapheme.
import type { RefObject } from 'react';

import { TEXT_MAX } from '../../config/chat-config';

export function useCaretEditing(
  input: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
) {
  const selection = () => {
    const el = input.current;
    return el ? ([el.selectionStart, el.selectionEnd] as const) : ([text.length, text.length] as const);
  };
  const placeCaret = (at: number) => {
    requestAnimationFrame(() => input.current?.setSelectionRange(at, at));
  };
  return {
    insert(emoji: string) {
      const [start, end] = selection();
      const next = text.slice(0, start) + emoji + text.slice(end);
      if (next.length > TEXT_MAX) return;
      setText(next);
      placeCaret(start + emoji.length);
    },
    backspace() {
      const [start, end] = selection();
      if (start !== end) {
        setText(text.slice(0, start) + text.slice(end));
        return placeCaret(start);
      }
      const before = [
        ...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.slice(0, start)),
      ].pop();
      if (!before) return;
      setText(text.slice(0, before.index) + text.slice(start));
      placeCaret(before.index);
    },
  };
}
