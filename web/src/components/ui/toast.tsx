// A tiny toast: one message at a time, centred, gone after its duration (default 1500 ms, spec §9).
import { useSyncExternalStore } from 'react';

export const TOAST_DEFAULT_MS = 1500;

interface ToastState {
  id: number;
  text: string;
}

let current: ToastState | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(next: ToastState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function showToast(text: string, durationMs = TOAST_DEFAULT_MS): void {
  clearTimeout(timer);
  const id = (current?.id ?? 0) + 1;
  emit({ id, text });
  timer = setTimeout(() => {
    if (current?.id === id) emit(null);
  }, durationMs);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ToastHost() {
  const toast = useSyncExternalStore(subscribe, () => current);
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
