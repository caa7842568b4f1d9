// The `webrtc` frames of a hub's held call as its user sees them: what the user sent (from me),
// what the other person sent (from the peer), and the call's `calling` event.
import { CALL_CODE, type WebrtcEvent } from '../../../protocol/calls';
import { type CallFrame, SENDER_STATUS, webrtcEvent } from '../../../services/call-events';
import type { CallRow } from './store';

/** A frame of this hub's call as its user sends it (from me), or as the other person sent it. */
export const fromMe = (row: CallRow, f: Omit<CallFrame, 'status'>) =>
  webrtcEvent(row, row.me, row.peer, { ...f, status: SENDER_STATUS[row.role] });
export const fromPeer = (row: CallRow, f: Omit<CallFrame, 'status'>) =>
  webrtcEvent(row, row.other, row.peer, { ...f, status: SENDER_STATUS[row.role === 'caller' ? 'callee' : 'caller'] });

/** The `calling` event of the held call: from the caller, with the record's msg_id. */
export function callingEvent(row: CallRow): WebrtcEvent {
  const caller = row.role === 'caller' ? row.me : row.other;
  return webrtcEvent(row, caller, row.peer, {
    event: 'calling',
    code: CALL_CODE.calling,
    status: SENDER_STATUS.calling,
  });
}
