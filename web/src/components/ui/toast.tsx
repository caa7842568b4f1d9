// A tiny toast: one message at a time, centred, gone after its duration (default 1500 ms).
// A toast about the page (an error, a refusal) goes when the user moves to another page, so the
// login's refusal does not sit over the registration form; a parting word ("Registered") stays.
import { useEffect, useRef } from 'react';
import { useInRouterContext, useLocation } from 'react-router';

import { createOverlay } from '../../lib/overlay-store';

export const TOAST_DEFAULT_MS = 1500;

interface ToastState {
  id: number;
  text: string;
  /** Cleared when the page changes. */
  ofPage: boolean;
}

export interface ToastOptions {
  /** The toast is about the page it appears on (errors): it goes when the user moves to another. */
  ofPage?: boolean;
}

const toasts = createOverlay<ToastState>();
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, durationMs = TOAST_DEFAULT_MS, { ofPage = false }: ToastOptions = {}): void {
  clearTimeout(timer);
  const id = (toasts.get()?.id ?? 0) + 1;
  toasts.show({ id, text, ofPage });
  timer = setTimeout(() => {
    if (toasts.get()?.id === id) toasts.hide();
  }, durationMs);
}

/** Takes the current toast away at once (an action it was about has started again). */
export function hideToast(): void {
  clearTimeout(timer);
  toasts.hide();
}

/** Clears a page's toast when the address changes (not on the first render: nothing moved yet). */
function ClearOnNavigation(): null {
  const { pathname, search } = useLocation();
  const page = pathname + search;
  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    if (toasts.get()?.ofPage) hideToast();
  }, [page]);
  return null;
}

export function ToastHost() {
  const toast = toasts.useCurrent();
  // Outside a router (a component's own test) there are no pages to leave.
  const routed = useInRouterContext();
  return (
    <>
      {routed && <ClearOnNavigation />}
      {toast && <ToastView toast={toast} />}
    </>
  );
}

function ToastView({ toast }: { toast: ToastState }) {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center px-10">
      <div
        key={toast.id}
        role="status"
        className="toast-in max-w-xs rounded-lg bg-black/75 px-4 py-3 text-center text-sm leading-snug text-white"
      >
        {toast.text}
      </div>
    </div>
  );
}
