// Keyboard focus for the app's menus (the message menu strip, the action sheet): the first
// action takes the focus when a menu opens and the arrow keys move along its actions; when it
// closes, the focus goes back to what had it, unless the chosen action put it somewhere.
import { type KeyboardEvent, type RefObject, useEffect } from 'react';

/** While `open`, focuses the first button inside `menu`; on closing, gives the focus back if it was lost. */
export function useMenuFocus(menu: RefObject<HTMLElement | null>, open: unknown): void {
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement;
    menu.current?.querySelector('button')?.focus({ preventScroll: true });
    return () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      // The menu as it is at closing, on purpose: whether it is still on the page decides.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      if (lost && !menu.current?.isConnected && before instanceof HTMLElement) before.focus({ preventScroll: true });
    };
  }, [menu, open]);
}

const STEPS = {
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
  vertical: { ArrowDown: 1, ArrowUp: -1 },
} as const;

/** A keydown handler for a menu: its arrow keys (and Home/End) move the focus among its buttons, wrapping around. */
export function moveMenuFocus(orientation: keyof typeof STEPS) {
  return (e: KeyboardEvent<HTMLElement>) => {
    const items = Array.from(e.currentTarget.querySelectorAll('button'));
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const step = (STEPS[orientation] as Record<string, number>)[e.key];
    const next = step !== undefined ? at + step : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : undefined;
    if (next === undefined || items.length === 0) return;
    e.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };
}
