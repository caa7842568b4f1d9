// Runs the call store for as long as `me` is signed in (the signed-in layout mounts it once).
import { useEffect } from 'react';
import { callStore } from '../state/call-store';

export function useCallSession(me: number | undefined): void {
  useEffect(() => {
    if (!me) return;
    callStore.start(me);
    return () => callStore.stop();
  }, [me]);
}
