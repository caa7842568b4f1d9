// The frame every modal of the app shares: a dimmed backdrop over the page and a panel on it that is
// a modal dialog (role dialog or alertdialog, aria-modal), named by its ModalTitle or by a label.
// While open it holds the keyboard (lib/use-dialog-focus.ts): the focus moves in (to a control that
// took it with autoFocus, else the `initialFocus` one, else the first), Tab and Shift+Tab go round
// its controls, and the control that opened it gets the focus back when it closes (unless its owner
// does that itself, `restoreFocus` false). Escape calls onClose (nothing while it is null); so does a
// tap on the backdrop beside the panel, where `backdropCloses`.
import { createContext, type MouseEvent, type ReactNode, useContext, useEffect, useId, useRef } from 'react';

import { useDialogFocus } from '../../lib/use-dialog-focus';
import { useEscapeKey } from '../../lib/use-escape-key';

const CENTRED = 'fixed inset-0 z-40 flex items-center justify-center bg-black/40 px-10';

const TitleId = createContext<string | undefined>(undefined);

interface ModalProps {
  /** Escape (and a tap beside the panel, with `backdropCloses`); null while it may not close. */
  onClose: (() => void) | null;
  /** The panel's classes (its size, shape and colour). */
  className: string;
  /** The backdrop's classes: by default centred over a 40 % black, 40 px from the sides. */
  backdropClassName?: string;
  role?: 'dialog' | 'alertdialog';
  /** The dialog's name where it shows no title. */
  label?: string;
  /** The id of what names it, where that is not its ModalTitle (a confirmation's message). */
  labelledBy?: string;
  describedBy?: string;
  backdropCloses?: boolean;
  restoreFocus?: boolean;
  /** A selector of the control that takes the focus on opening, where it is not the first. */
  initialFocus?: string;
  children: ReactNode;
}

export function Modal({
  onClose,
  className,
  backdropClassName = CENTRED,
  role = 'dialog',
  label,
  labelledBy,
  describedBy,
  backdropCloses = false,
  restoreFocus = true,
  initialFocus,
  children,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEscapeKey(onClose);
  // Before the hold on the keyboard, which then finds the focus inside and leaves it there.
  useEffect(() => {
    const root = panel.current;
    if (initialFocus && root && !root.contains(document.activeElement))
      root.querySelector<HTMLElement>(initialFocus)?.focus();
  }, [initialFocus]);
  useDialogFocus(panel, restoreFocus);
  const onBackdrop = (event: MouseEvent) => {
    if (backdropCloses && event.target === event.currentTarget) onClose?.();
  };
  return (
    <div className={backdropClassName} onClick={backdropCloses ? onBackdrop : undefined}>
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-label={label}
        aria-labelledby={label ? undefined : (labelledBy ?? titleId)}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className}
      >
        <TitleId.Provider value={titleId}>{children}</TitleId.Provider>
      </div>
    </div>
  );
}

/** The modal's heading, which names it. */
export function ModalTitle({ className, children }: { className: string; children: ReactNode }) {
  return (
    <h2 id={useContext(TitleId)} className={className}>
      {children}
    </h2>
  );
}
