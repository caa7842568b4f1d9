// Any emoji as a reaction: the message menu's "more" opens the composer's emoji panel in
// a bottom sheet; a pick reacts to that message and closes it. Back, Escape or a tap outside close
// it with nothing picked.
import { useEffect, useRef } from 'react';

import { useHistoryStep } from '@web/lib/history-step';
import { useTranslation } from '@web/lib/i18n';
import { useEscapeKey } from '@web/lib/use-escape-key';

import type { ChatMessage } from '../../types';
import { EmojiPanel } from '../composer/emoji-panel';
import { reactionOverlay as picker } from './overlays';

export { showReactionPicker } from './overlays';

export function ReactionPickerHost({ onReact }: { onReact: (emoji: string, message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const message = picker.useCurrent();
  const open = message !== null;
  const { close, closeThen } = useHistoryStep(open, picker.hide);
  useEscapeKey(open ? close : null);
  const sheet = useRef<HTMLDivElement>(null);
  // The keyboard starts in the search box and goes back where it was (the bubble) when the sheet closes.
  useEffect(() => {
    if (!open) return;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.querySelector<HTMLInputElement>('input')?.focus();
    return () => back?.focus();
  }, [open]);
  useEffect(() => picker.hide, []);
  if (!message) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/40" onClick={close}>
      <div
        ref={sheet}
        role="dialog"
        aria-modal="true"
        aria-label={t('chat.reaction.pick')}
        onClick={(e) => e.stopPropagation()}
        className="sheet-in w-full max-w-[480px] overflow-hidden rounded-t-xl bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <EmojiPanel onPick={(emoji) => closeThen(() => onReact(emoji, message))} />
      </div>
    </div>
  );
}
