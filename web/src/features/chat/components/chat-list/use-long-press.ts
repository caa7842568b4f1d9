// Long press on touch (≈600 ms without moving) or right-click on desktop, for a row's action
// sheet. A press that fired swallows the click that follows, so the row does not also open.
import { useRef } from 'react';

export const LONG_PRESS_MS = 600;
const MOVE_TOLERANCE_PX = 10;

export function useLongPress(onLongPress: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = () => {
    clearTimeout(timer.current);
    origin.current = null;
  };

  return {
    onTouchStart: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      if (!touch) return;
      fired.current = false;
      origin.current = { x: touch.clientX, y: touch.clientY };
      timer.current = setTimeout(() => {
        fired.current = true;
        onLongPress();
      }, LONG_PRESS_MS);
    },
    onTouchMove: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      // Scrolling the list is not a press.
      if (origin.current && touch && Math.hypot(touch.clientX - origin.current.x, touch.clientY - origin.current.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onContextMenu: (e: React.MouseEvent) => {
      // Mobile browsers send this for a long touch too: open once, and swallow the click
      // that ends that touch; a desktop right-click is followed by no click.
      e.preventDefault();
      const touching = origin.current !== null;
      cancel();
      fired.current = touching;
      onLongPress();
    },
    /** True once if the last press opened the menu; the row's click handler skips then. */
    consumeFired: () => {
      const was = fired.current;
      fired.current = false;
      return was;
    },
  };
}
