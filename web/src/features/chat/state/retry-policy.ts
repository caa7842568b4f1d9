// When the outbox tries again after a send that could not reach the server. Waits grow (so a long
// outage costs a request every half minute, not a storm), and any sign that the network is back —
// an `online` event, an answer to any request, a socket frame — tries at once instead. It does
// not care whether the socket was replaced: with HTTP down and the socket still open (a captive
// portal, a proxy that drops POSTs, DevTools' offline mode) nothing else would ever retry.

/** The waits before each further try; the last one repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;
/** Each wait is stretched or shrunk by up to this share, so many clients back at once do not try in step. */
export const RETRY_JITTER = 0.2;
/** A burst of signals (several frames in a row) gives one try, not one each. */
export const SIGNAL_GAP_MS = 1_000;

export interface RetryClock {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  now: () => number;
  /** 0–1, as Math.random. */
  random: () => number;
}

// Read at call time, so tests' fake timers apply.
const SYSTEM_CLOCK: RetryClock = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  random: () => Math.random(),
};

/** The wait before try number `attempt` (0-based) after a failure, jitter included. */
export function retryDelay(attempt: number, random: () => number): number {
  const base = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
  return Math.round(base * (1 + RETRY_JITTER * (2 * random() - 1)));
}

export class RetryPolicy {
  private attempt = 0;
  private timer: unknown = null;
  private lastSignalTry = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly tryAgain: () => void,
    private readonly clock: RetryClock = SYSTEM_CLOCK,
  ) {}

  /** True while a failed send waits for its next try. */
  get waiting(): boolean {
    return this.timer !== null;
  }

  /** A send could not reach the server: try again after the next wait. */
  failed(): void {
    this.cancel();
    const delay = retryDelay(this.attempt, this.clock.random);
    this.attempt += 1;
    this.timer = this.clock.setTimeout(() => this.fire(), delay);
  }

  /** Everything waiting went out (or was refused): the next failure starts from the first wait. */
  succeeded(): void {
    this.cancel();
    this.attempt = 0;
  }

  /** Something says the network is back: try now if a send is waiting (at most once per SIGNAL_GAP_MS). */
  networkBack(): void {
    if (!this.waiting || this.clock.now() - this.lastSignalTry < SIGNAL_GAP_MS) return;
    this.lastSignalTry = this.clock.now();
    this.cancel();
    this.fire();
  }

  /** Signing out: nothing more is tried. */
  stop(): void {
    this.succeeded();
  }

  private fire(): void {
    this.timer = null;
    this.tryAgain();
  }

  private cancel(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }
}
