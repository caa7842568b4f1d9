// The words of a call: the outcome on the call screen, and the call record's line in the chat,
// both by the code and by my side of the call.
import { CALL_CODE, callDuration, type CallRecordExtends } from '@protocol/calls';
import type { TFunction } from '@web/lib/i18n';

import type { EndReason } from '../state/end-reason';

export function endText(why: EndReason, t: TFunction): string {
  switch (why) {
    // The spec's own words for a call that cannot ring.
    case 'offline':
      return t('error.notOnline');
    case 'busy':
      return t('error.busy');
    default:
      return t(`call.end.${why}`);
  }
}

/** A stored record's extends, read loosely: anything missing reads as a call still ringing. */
export function recordOf(raw: Record<string, unknown> | null | undefined): CallRecordExtends {
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : Number(x) || 0);
  const r = raw ?? {};
  return {
    id: typeof r.id === 'string' ? r.id : '',
    type: num(r.type),
    code: num(r.code) || CALL_CODE.calling,
    callTime: num(r.callTime),
    caller: num(r.caller),
  };
}

/** The record's line: `mine` when I placed the call. */
export function recordText(
  record: Pick<CallRecordExtends, 'type' | 'code' | 'callTime'>,
  mine: boolean,
  t: TFunction,
): string {
  const video = record.type === 1;
  switch (record.code) {
    case CALL_CODE.cancelled:
      return mine ? t('call.record.cancelled') : video ? t('call.record.missedVideo') : t('call.record.missedVoice');
    case CALL_CODE.declined:
      return t('call.record.declined');
    case CALL_CODE.missed:
      return mine ? t('call.record.noAnswer') : video ? t('call.record.missedVideo') : t('call.record.missedVoice');
    case CALL_CODE.ended:
      return t('call.record.duration', { time: callDuration(record.callTime) });
    case CALL_CODE.busy:
      return mine ? t('call.record.busy') : video ? t('call.record.missedVideo') : t('call.record.missedVoice');
    case CALL_CODE.elsewhere:
      return t('call.record.elsewhere');
    default:
      // 901/904: still ringing or going on.
      if (mine) return video ? t('call.record.outgoingVideo') : t('call.record.outgoingVoice');
      return video ? t('call.record.incomingVideo') : t('call.record.incomingVoice');
  }
}
