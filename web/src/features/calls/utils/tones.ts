// The call's sounds, made with WebAudio (no audio file to download): the ring-back the caller
// hears while it rings out, the ringtone of an incoming call, and a short tone when a call ends; the ring's vibration.
import { vibrate as buzz } from '@web/lib/vibrate';

type Tone = 'ringback' | 'ringtone' | 'ended';

/** [frequencies Hz, on ms, off ms] per tone; a pattern repeats until stopped. */
const PATTERNS: Record<Tone, { freqs: number[]; on: number; off: number; repeat: boolean }> = {
  ringback: { freqs: [425], on: 1000, off: 3000, repeat: true },
  ringtone: { freqs: [660, 880], on: 400, off: 200, repeat: true },
  ended: { freqs: [480, 620], on: 350, off: 0, repeat: false },
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  const Ctor =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

function beep(ctx: AudioContext, freqs: number[], ms: number): void {
  const gain = ctx.createGain();
  const start = ctx.currentTime;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.12, start + 0.02);
  gain.gain.setValueAtTime(0.12, start + ms / 1000 - 0.03);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
  gain.connect(ctx.destination);
  for (const freq of freqs) {
    const osc = ctx.createOscillator();
    osc.frequency.value = freq;
    osc.connect(gain);
    osc.start(start);
    osc.stop(start + ms / 1000);
  }
}

/** Plays `tone`; answers the way to stop it. Without WebAudio it is silent. */
export function playTone(tone: Tone): () => void {
  const ctx = audio();
  if (!ctx) return () => {};
  const { freqs, on, off, repeat } = PATTERNS[tone];
  // The ringtone rings twice per cycle, then pauses.
  let step = 0;
  const play = () => {
    beep(ctx, freqs, on);
    step += 1;
  };
  play();
  if (!repeat) return () => {};
  const timer = setInterval(() => {
    if (tone === 'ringtone' && step % 3 === 2) step += 1;
    else play();
  }, on + off);
  return () => clearInterval(timer);
}

/** Buzzes for an incoming call while it rings (where the device and the browser allow it). */
export function vibrate(on: boolean): void {
  buzz(on ? [400, 300, 400, 300, 400, 1200] : 0);
}
