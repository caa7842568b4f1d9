// The time in unix seconds, re-read every 30 s so mutes end on screen when they run out.
import { useEffect, useState } from 'react';

const now = () => Math.floor(Date.now() / 1000);

export function useNowSeconds(everyMs = 30_000): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setValue(now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return value;
}
