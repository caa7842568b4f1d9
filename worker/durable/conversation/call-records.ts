// A call's record in its one-to-one conversation: a `webrtc` message whose client id is the call
// id and whose `extends` keep the outcome (CallRecordExtends). It is stored through the ordinary
// send path (user/call/ops.ts); its outcome is set here once: the first outcome stays, later ones
// change nothing and are answered the one that stayed.
import { CALL_CODE, type CallRecordExtends } from '../../protocol/calls';
import type { StoredMessage } from '../../protocol/messages';
import type { ConversationStore } from './store';

export interface CallOutcome {
  code: number;
  callTime: number;
}

/** The outcome part of a call record, or null for a message that is not one. */
export function callRecordOf(message: StoredMessage | null): (CallRecordExtends & { msg_id: number }) | null {
  if (!message || message.type !== 'webrtc' || !message.extends || message.is_undo) return null;
  const ext = message.extends as Partial<CallRecordExtends>;
  return {
    id: String(ext.id ?? message.id),
    type: Number(ext.type ?? 0),
    code: Number(ext.code ?? CALL_CODE.calling),
    callTime: Number(ext.callTime ?? 0),
    caller: Number(ext.caller ?? message.from_user),
    msg_id: message.msg_id,
  };
}

/** Sets the outcome of the call `callId` if it has none yet; answers the outcome it has now. */
export function finishCallRecord(store: ConversationStore, callId: string, outcome: CallOutcome): CallOutcome | null {
  const message = store.byId(callId);
  const record = callRecordOf(message);
  if (!message || !record) return null;
  if (record.code !== CALL_CODE.calling) return { code: record.code, callTime: record.callTime };
  store.setExtends(message.seq, { ...message.extends, code: outcome.code, callTime: outcome.callTime });
  return outcome;
}
