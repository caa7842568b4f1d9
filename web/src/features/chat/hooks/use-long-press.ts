// Long press on touch (without moving) or the context menu on desktop opens an action menu,
// for chat rows and message bubbles alike. The callback gets the pressed element so a menu
// can sit next to it; a press that fired swallows the click that ends it, and a touch press
// buzzes briefly when the user allows vibration.
import { useRef } from 'react';

import { storage } from '@web/lib/storage';
import { vibrate } from '@web/lib/vibrate';

const MOVE_TOLERANCE_PX = 10;
/** Mobile browsers also send contextmenu for a long touch: one press opens the menu once. */
const SAME_PRESS_WINDOW_MS = 1000;
const HAPTIC_MS = 15;

/** A short buzz as the menu opens under the finger, if the vibration setting is on. */
function buzz(): void {
  if (storage.getAppSetting().vibrateStatus) vibrate(HAPTIC_MS);
}

export function useLongPress(onLongPress: (target: HTMLElement) => void, delayMs = 500) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const firedAt = useRef(0);
  const fired = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    origin.current = null;
  };
  const fire = (target: HTMLElement) => {
    firedAt.current = Date.now();
    fired.current = true;
    onLongPress(target);
  };

  const handlers = {
    onTouchStart: (e: React.TouchEvent<HTMLElement>) => {
      const touch = e.touches[0];
      const target = e.currentTarget;
      if (!touch) return;
      fired.current = false;
      origin.current = { x: touch.clientX, y: touch.clientY };
      timer.current = setTimeout(() => {
        origin.current = null;
        fire(target);
        buzz();
      }, delayMs);
    },
    onTouchMove: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      // Scrolling is not a press.
      if (
        origin.current &&
        touch &&
        Math.hypot(touch.clientX - origin.current.x, touch.clientY - origin.current.y) > MOVE_TOLERANCE_PX
      )
        cancel();
    },
    onTouchEnd: (e: React.TouchEvent) => {
      cancel();
      // The finger lifting after the menu opened would otherwise become a click on whatever is
      // under it by then: the menu's backdrop, which closes the menu at once.
      if (fired.current && e.cancelable) e.preventDefault();
    },
    onTouchCancel: cancel,
    onContextMenu: (e: React.MouseEvent<HTMLElement>) => {
      e.preventDefault();
      // The contextmenu a long touch sends after our timer already opened the menu: the same press.
      // (Only that one is skipped: a new press, touch or right-click, always opens the menu.)
      if (fired.current && Date.now() - firedAt.current < SAME_PRESS_WINDOW_MS) return;
      // A desktop right-click is followed by no click; only a touch's click must be swallowed.
      const touch = origin.current !== null || fired.current;
      cancel();
      fire(e.currentTarget);
      fired.current = touch;
    },
  };
  /** True once if the last press opened the menu; a row's click handler skips then. */
  const consumeFired = () => {
    const was = fired.current;
    fired.current = false;
    return was;
  };
  return { handlers, consumeFired };
}
