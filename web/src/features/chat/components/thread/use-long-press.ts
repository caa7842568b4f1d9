// Long press on a bubble: ≈500 ms of touch without moving, or the context menu on desktop.
// The callback gets the pressed element so the menu can sit next to it.
import { useRef } from 'react';

export const LONG_PRESS_MS = 500;
const MOVE_TOLERANCE_PX = 8;

export function useLongPress(onLongPress: (target: HTMLElement) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const firedAt = useRef(0);

  const cancel = () => {
    clearTimeout(timer.current);
    origin.current = null;
  };

  return {
    onTouchStart: (e: React.TouchEvent<HTMLElement>) => {
      const touch = e.touches[0];
      const target = e.currentTarget;
      if (!touch) return;
      origin.current = { x: touch.clientX, y: touch.clientY };
      timer.current = setTimeout(() => {
        origin.current = null;
        firedAt.current = Date.now();
        onLongPress(target);
      }, LONG_PRESS_MS);
    },
    onTouchMove: (e: React.TouchEvent) => {
      const touch = e.touches[0];
      // Scrolling the thread is not a press.
      if (origin.current && touch && Math.hypot(touch.clientX - origin.current.x, touch.clientY - origin.current.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onTouchEnd: cancel,
    onTouchCancel: cancel,
    onContextMenu: (e: React.MouseEvent<HTMLElement>) => {
      // Mobile browsers fire this for a long touch as well; open once, whichever comes first.
      e.preventDefault();
      cancel();
      if (Date.now() - firedAt.current > 1000) onLongPress(e.currentTarget);
    },
  };
}
