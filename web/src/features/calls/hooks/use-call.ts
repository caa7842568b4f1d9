// React's view of the call store, and the clock of a running call.
import { useEffect, useState } from 'react';

import type { CallSnapshot } from '../state/call-snapshot';
import { callStore } from '../state/call-store';

export function useCall<T>(select: (s: CallSnapshot) => T): T {
  return callStore.use(select);
}

/** Now in ms, ticking every second while `running`. */
export function useSecondClock(running: boolean): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
