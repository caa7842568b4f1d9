// The call page's address: the only page whose parameter names are shown, with the
// reference's `status` (1 dialing, 3 ringing/incoming).
import { PATHS } from '@web/config/paths';

import type { CallInfo } from '../state/call-machine';

export function callPath(call: CallInfo): string {
  const query = new URLSearchParams({
    msg_id: String(call.msgId),
    type: call.video ? '1' : '0',
    status: call.caller ? '1' : '3',
    id: String(call.peer.id),
    name: call.peer.name,
    avatar: call.peer.avatar,
  });
  return `${PATHS.call}?${query.toString()}`;
}
