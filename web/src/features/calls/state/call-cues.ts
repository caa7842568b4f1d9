// The timers, tones and vibration that belong to a call's phase: the ring deadline, ringback,
// ringtone and buzz while a call rings, the ended tone and how long an ended call stays on screen.
import { storage } from '@web/lib/storage';

import { playTone, vibrate } from '../utils/tones';
import type { CallAction, CallState } from './call-machine';

/** How long an ended call stays on screen before the call is gone. */
export const ENDED_SHOW_MS = 2000;

export class PhaseCues {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopTone: () => void = () => {};
  private buzz: ReturnType<typeof setInterval> | null = null;

  /** `dispatch`: the store's, for the ring deadline and the end of the ended screen. */
  constructor(private readonly dispatch: (action: CallAction) => void) {}

  /** Stops the cues of the phase left and starts those of `state`'s. */
  enter(state: CallState, before: CallState): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.stopTone();
    this.stopTone = () => {};
    // Only a buzz started here is stopped: vibrate() on every phase change (reloads
    // included) logged the browser's "no user gesture yet" errors even with vibration off.
    if (this.buzz) {
      clearInterval(this.buzz);
      vibrate(false);
    }
    this.buzz = null;
    const setting = storage.getAppSetting();
    if (state.phase === 'dialing' || state.phase === 'incoming') {
      this.timer = setTimeout(
        () => this.dispatch({ type: 'timeout', now: Date.now() }),
        Math.max(0, state.deadline - Date.now()),
      );
      if (state.phase === 'dialing') this.stopTone = playTone('ringback');
      else if (setting.voiceStatus) this.stopTone = playTone('ringtone');
      if (state.phase === 'incoming' && setting.vibrateStatus) {
        vibrate(true);
        this.buzz = setInterval(() => vibrate(true), 3200);
      }
    } else if (state.phase === 'ended') {
      if (before.phase !== 'incoming' || setting.voiceStatus) playTone('ended');
      this.timer = setTimeout(() => this.dispatch({ type: 'clear' }), ENDED_SHOW_MS);
    }
  }
}
