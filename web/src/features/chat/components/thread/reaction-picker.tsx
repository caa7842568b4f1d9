// Any emoji as a reaction: the message menu's "more" opens the composer's emoji panel in
// a bottom sheet; a pick reacts to that message and closes it. Back, Escape or a tap outside close
// it with nothing picked.
import { useEffect } from 'react';

import { Modal } from '@web/components/ui/modal';
import { useHistoryStep } from '@web/lib/history-step';
import { useTranslation } from '@web/lib/i18n';

import type { ChatMessage } from '../../types';
import { EmojiPanel } from '../composer/emoji-panel';
import { reactionOverlay as picker } from './overlays';

export { showReactionPicker } from './overlays';

export function ReactionPickerHost({ onReact }: { onReact: (emoji: string, message: ChatMessage) => void }) {
  const { t } = useTranslation();
  const message = picker.useCurrent();
  const open = message !== null;
  const { close, closeThen } = useHistoryStep(open, picker.hide);
  useEffect(() => picker.hide, []);
  if (!message) return null;
  return (
    // The keyboard starts in the search box and goes back where it was (the bubble) when the sheet closes.
    <Modal
      onClose={close}
      label={t('chat.reaction.pick')}
      backdropCloses
      initialFocus="input"
      backdropClassName="fixed inset-0 z-40 flex items-end justify-center bg-black/40"
      className="sheet-in w-full max-w-[480px] overflow-hidden rounded-t-xl bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <EmojiPanel onPick={(emoji) => closeThen(() => onReact(emoji, message))} />
    </Modal>
  );
}
