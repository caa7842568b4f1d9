// The composer's text box: grows with its content up to five lines; on a desktop keyboard
// Enter sends and Shift+Enter breaks the line, on touch keyboards Enter is a line break.
import { type RefObject, useLayoutEffect } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { TEXT_MAX } from '../../config/chat-config';

const MAX_HEIGHT_PX = 120;

interface MessageInputProps {
  value: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
  onSend: () => void;
  onFocus: () => void;
  /** Files pasted into the box (a screenshot, files copied in a file manager). */
  onPasteFiles: (files: File[]) => void;
  /** Up arrow in an empty input (a keyboard): edit my last message. */
  onEditLast?: () => void;
  /** Escape: cancel what the input is doing (an edit). */
  onEscape?: () => void;
}

const hasFinePointer = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(pointer: fine)').matches : true;

export function MessageInput({
  value,
  inputRef,
  onChange,
  onSend,
  onFocus,
  onPasteFiles,
  onEditLast,
  onEscape,
}: MessageInputProps) {
  const { t } = useTranslation();
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [value, inputRef]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'ArrowUp' && value === '' && onEditLast && hasFinePointer()) {
      e.preventDefault();
      return onEditLast();
    }
    if (e.key === 'Escape' && onEscape) {
      // The edit is what Escape cancels here, not the chat around it.
      e.preventDefault();
      e.stopPropagation();
      return onEscape();
    }
    // An IME confirming a candidate with Enter is not a send.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || !hasFinePointer()) return;
    e.preventDefault();
    onSend();
  };

  // Text pastes as text; only a paste that carries files is taken over.
  const onPaste = (e: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    e.preventDefault();
    onPasteFiles(files);
  };

  return (
    <textarea
      ref={inputRef}
      value={value}
      rows={1}
      maxLength={TEXT_MAX}
      aria-label={t('chat.inputLabel')}
      enterKeyHint="send"
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onPaste={onPaste}
      className="block max-h-[120px] min-h-10 w-full resize-none rounded-[4px] bg-white px-2.5 py-[9px] text-[16px] leading-[22px] outline-none"
    />
  );
}
