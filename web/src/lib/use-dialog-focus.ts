// A modal dialog's hold on the keyboard (the shared modal frame, components/ui/modal.tsx): Tab
// and Shift+Tab go round the dialog's own controls and never reach the page behind it, the dialog
// takes the focus when it opens (unless a control of it already did, autoFocus), and, unless its
// owner does it itself, the control that opened it gets the focus back when it closes.
import { type RefObject, useEffect, useState } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];

export function useDialogFocus(ref: RefObject<HTMLElement | null>, restore = true): void {
  // Read while the dialog first renders, before any field of it takes the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    if (!root.contains(document.activeElement)) (focusables(root)[0] ?? root).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const items = focusables(root);
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items.at(-1)!;
      const inside = root.contains(document.activeElement);
      if (e.shiftKey && (!inside || document.activeElement === first)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || document.activeElement === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (restore && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [ref, opener, restore]);
}
