// Every entry point (the + panel, the chat header, a contact's page, a call record) starts a call
// the same way: the store dials and the call screen opens.
import { chatSwitch } from '@protocol/config-values';
import { showToast } from '@web/components/ui/toast';
import { i18n } from '@web/lib/i18n';
import { navigateTo } from '@web/lib/navigation';
import { storedSystemInfo, useConfigChanges } from '@web/lib/system-info';

import type { CallPeer } from '../state/call-machine';
import { callStore } from '../state/call-store';
import { callPath } from './call-path';

/** Whether this server lets users call (chatInfo.webrtc; on when missing, as the server reads it). */
export const callsEnabled = (): boolean => chatSwitch(storedSystemInfo().chatInfo, 'webrtc');

/** callsEnabled() in a component, read again when an operator switches calls on or off. */
export function useCallsEnabled(): boolean {
  useConfigChanges();
  return callsEnabled();
}

export function startCall(peer: CallPeer, video: boolean): void {
  if (!callStore.call(peer, video)) {
    showToast(i18n.t('call.inCall'));
    return;
  }
  const s = callStore.getSnapshot().call;
  if (s.phase !== 'idle') navigateTo(callPath(s.call));
}

/** Accepting from the overlay opens the call screen. */
export function acceptCall(): void {
  callStore.accept();
  const s = callStore.getSnapshot().call;
  if (s.phase !== 'idle') navigateTo(callPath(s.call));
}
