// The incoming-call card, the bar back to a call and the ended call's card (incoming-call-overlay)
// load when a call first comes or goes out, not with every signed-in start.
import { onFirstUse, useOpenedOnce } from '@web/components/ui/on-first-use';

import { useCall } from '../hooks/use-call';

const Loaded = onFirstUse(() => import('./incoming-call-overlay').then((m) => m.IncomingCallOverlay));

export function IncomingCallOverlay() {
  const used = useOpenedOnce(useCall((s) => s.call.phase !== 'idle'));
  return used ? <Loaded /> : null;
}
