// Plays voice messages through one shared <audio>, so starting one stops any other, and lets
// each bubble know whether it is the one playing.
import { useSyncExternalStore } from 'react';

let audio: HTMLAudioElement | null = null;
let playingId: string | null = null;
const listeners = new Set<() => void>();

function emit(id: string | null): void {
  playingId = id;
  for (const listener of listeners) listener();
}

function player(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.addEventListener('ended', () => emit(null));
    audio.addEventListener('error', () => emit(null));
  }
  return audio;
}

export function toggleVoice(id: string, src: string): void {
  const el = player();
  if (playingId === id) {
    el.pause();
    emit(null);
    return;
  }
  el.src = src;
  emit(id);
  el.play().catch(() => emit(null));
}

export function stopVoice(): void {
  audio?.pause();
  emit(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useIsPlaying = (id: string) =>
  useSyncExternalStore(
    subscribe,
    () => playingId === id,
    () => false,
  );
