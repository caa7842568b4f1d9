// The long-press menu: a dark strip of actions above the pressed bubble (below it when the
// bubble is near the top). It stays open when the finger lifts and closes on a tap outside, a
// scroll (it would no longer sit by its bubble), Escape, Back, or leaving the chat. While open it
// is a step in the browser's history, so a phone's Back closes only the menu. It takes the
// keyboard focus (arrow keys move along the strip) and gives it back to the bubble when it closes.
import { useEffect, useLayoutEffect, useRef } from 'react';

import { canReact } from '@protocol/message-rules';
import { moveMenuFocus, useMenuFocus } from '@web/components/ui/menu-focus';
import { useHistoryStep } from '@web/lib/history-step';
import { useTranslation } from '@web/lib/i18n';
import { useEscapeKey } from '@web/lib/use-escape-key';

import type { ChatMessage } from '../../types';
import type { MenuAction } from './message-display-rules';
import { menuOverlay as menu, showReactionPicker } from './overlays';

export { closeMessageMenu, showMessageMenu } from './overlays';

const LABELS = {
  copy: 'chat.menu.copy',
  quote: 'chat.menu.quote',
  edit: 'chat.menu.edit',
  forward: 'chat.menu.forward',
  recall: 'chat.menu.recall',
  report: 'chat.menu.report',
} as const;
const MENU_HEIGHT = 48;
/** The quick row of reactions above the actions, in this order. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
/** Run inside the tap, before the step is gone: the clipboard and a phone's keyboard (the quote
 * and an edit focus the input) need the user's gesture, and neither leaves the page for Back to undo. */
const IN_GESTURE: ReadonlySet<MenuAction> = new Set(['copy', 'quote', 'edit']);

export function MessageMenuHost({
  onAction,
  onReact,
}: {
  onAction: (action: MenuAction, message: ChatMessage) => void;
  /** A reaction picked from the quick row; absent where the message takes none. */
  onReact?: (emoji: string, message: ChatMessage) => void;
}) {
  const { t } = useTranslation();
  const request = menu.useCurrent();
  const strip = useRef<HTMLDivElement>(null);
  useMenuFocus(strip, request);
  // Centre on the bubble, then keep the whole strip on screen.
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el || !request) return;
    const width = el.offsetWidth;
    const centre = (request.rect.left + request.rect.right) / 2;
    el.style.left = `${Math.max(8, Math.min(centre - width / 2, window.innerWidth - width - 8))}px`;
  }, [request]);
  const open = request !== null;
  const { close, closeThen } = useHistoryStep(open, menu.hide);
  useEscapeKey(open ? close : null);
  useEffect(() => {
    if (!open) return;
    // Capture: the thread scrolls in its own element, and scroll events do not bubble.
    window.addEventListener('scroll', close, true);
    return () => window.removeEventListener('scroll', close, true);
  }, [open, close]);
  useEffect(() => menu.hide, []);
  if (!request) return null;
  const { rect } = request;
  // The server's own rule, on a message the server has.
  const reactable = onReact !== undefined && request.message.status === 'succeed' && canReact(request.message);
  const height = reactable ? MENU_HEIGHT * 2 : MENU_HEIGHT;
  const above = rect.top > height + 60;
  const top = above ? rect.top - height - 8 : rect.bottom + 8;
  const pick = (action: MenuAction) => {
    const run = () => onAction(action, request.message);
    if (!IN_GESTURE.has(action)) return closeThen(run);
    run();
    close();
  };
  return (
    // A swipe or wheel on the backdrop is an attempt to scroll the thread: close.
    <div
      className="fixed inset-0 z-40"
      onClick={close}
      onWheel={close}
      onTouchMove={close}
      onContextMenu={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <div
        ref={strip}
        role="menu"
        style={{ top, left: rect.left }}
        className="absolute flex flex-col overflow-hidden rounded-lg bg-[#4c4c4c] shadow-lg"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={moveMenuFocus('horizontal')}
      >
        {reactable && (
          <div className="flex h-12 justify-between border-b border-white/10 px-1">
            {QUICK_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                role="menuitem"
                aria-label={t('chat.reaction.add', { emoji })}
                onClick={() => closeThen(() => onReact(emoji, request.message))}
                className="min-w-10 px-1 text-[22px] active:bg-white/15"
              >
                {emoji}
              </button>
            ))}
            <button
              type="button"
              role="menuitem"
              aria-label={t('chat.reaction.more')}
              onClick={() => closeThen(() => showReactionPicker(request.message))}
              className="min-w-10 px-1 text-[22px] text-white active:bg-white/15"
            >
              <span aria-hidden="true">＋</span>
            </button>
          </div>
        )}
        <div className="flex h-12">
          {request.actions.map((action) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              onClick={() => pick(action)}
              className="min-w-14 px-3.5 text-[14px] whitespace-nowrap text-white active:bg-white/15"
            >
              {t(LABELS[action])}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
