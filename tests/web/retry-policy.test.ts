// @vitest-environment node
// The outbox's retry policy: waits of 1, 2, 5, 10 and then every 30 s (each ±20 %), back to 1 s
// after a success; a sign of network (an `online` event, an answer, a socket frame) tries at once,
// at most once a second, and only when something waits.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  RETRY_DELAYS_MS,
  type RetryClock,
  retryDelay,
  RetryPolicy,
  SIGNAL_GAP_MS,
} from '../../web/src/features/chat/state/retry-policy';

function policy(random = () => 0.5) {
  const tries: number[] = [];
  const clock: RetryClock = {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (t) => clearTimeout(t as number),
    now: () => Date.now(),
    random,
  };
  const p = new RetryPolicy(() => tries.push(Date.now()), clock);
  return { p, tries };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe('retry policy', () => {
  it('waits 1 s, 2 s, 5 s, 10 s and then 30 s each time before trying again', () => {
    const { p, tries } = policy();
    for (let i = 0; i < 7; i += 1) {
      p.failed();
      vi.runOnlyPendingTimers();
    }
    const waits = tries.map((at, i) => at - (tries[i - 1] ?? 0));
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000]);
    expect(RETRY_DELAYS_MS).toEqual([1_000, 2_000, 5_000, 10_000, 30_000]);
  });

  it('stretches or shrinks each wait by at most a fifth, so clients back at once do not try in step', () => {
    expect(retryDelay(0, () => 0)).toBe(800);
    expect(retryDelay(0, () => 0.999999)).toBe(1_200);
    expect(retryDelay(4, () => 0)).toBe(24_000);
    expect(retryDelay(99, () => 1)).toBe(36_000);
  });

  it('starts again from 1 s after a success', () => {
    const { p, tries } = policy();
    p.failed();
    vi.advanceTimersByTime(1_000);
    p.failed();
    vi.advanceTimersByTime(2_000);
    p.succeeded();
    p.failed();
    vi.advanceTimersByTime(1_000);
    expect(tries).toEqual([1_000, 3_000, 4_000]);
  });

  it('tries at once on a sign of network while a send waits, and the scheduled try is not made as well', () => {
    const { p, tries } = policy();
    p.failed();
    vi.advanceTimersByTime(300);
    p.networkBack();
    expect(tries).toEqual([300]);
    vi.advanceTimersByTime(60_000);
    expect(tries).toEqual([300]);
  });

  it('ignores signs of network when nothing waits', () => {
    const { p, tries } = policy();
    p.networkBack();
    p.failed();
    p.succeeded();
    p.networkBack();
    vi.advanceTimersByTime(60_000);
    expect(tries).toEqual([]);
  });

  it('makes one try for a burst of signs: at most one per second', () => {
    const { p, tries } = policy();
    p.failed();
    p.networkBack();
    // The try failed again at once; more frames arrive in the same second.
    p.failed();
    p.networkBack();
    p.networkBack();
    expect(tries).toEqual([0]);
    vi.advanceTimersByTime(SIGNAL_GAP_MS - 1);
    p.networkBack();
    expect(tries).toEqual([0]);
    // The second wait (2 s) is still running; a sign after the gap pulls it forward.
    vi.advanceTimersByTime(1);
    p.networkBack();
    expect(tries).toEqual([0, SIGNAL_GAP_MS]);
  });

  it('tries nothing more once stopped (signing out)', () => {
    const { p, tries } = policy();
    p.failed();
    p.stop();
    p.networkBack();
    vi.advanceTimersByTime(60_000);
    expect(tries).toEqual([]);
  });
});
