// A tiny toast: one message at a time, centred, gone after its duration (default 1500 ms, spec §9).
import { createOverlay } from '../../lib/overlay-store';

export const TOAST_DEFAULT_MS = 1500;

interface ToastState {
  id: number;
  text: string;
}

const toasts = createOverlay<ToastState>();
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, durationMs = TOAST_DEFAULT_MS): void {
  clearTimeout(timer);
  const id = (toasts.get()?.id ?? 0) + 1;
  toasts.show({ id, text });
  timer = setTimeout(() => {
    if (toasts.get()?.id === id) toasts.hide();
  }, durationMs);
}

/** Takes the current toast away at once (an action it was about has started again). */
export function hideToast(): void {
  clearTimeout(timer);
  toasts.hide();
}

export function ToastHost() {
  const toast = toasts.useCurrent();
  if (!toast) return null;
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
