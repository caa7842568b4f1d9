// How an ended call is worded on the call screen, by its code and my side of it.
// The keys live under call.end in the locales.
import { CALL_CODE } from '@protocol/calls';

export type EndReason =
  | 'cancelled'
  | 'noAnswer'
  | 'declined'
  | 'missed'
  | 'ended'
  | 'busy'
  | 'offline'
  /** My other device handled it (caller side) / answered it (callee side). */
  | 'elsewhere'
  | 'answeredElsewhere'
  /** Local failures: no camera/microphone, the peer unreachable, the server refused. */
  | 'media'
  | 'unreachable'
  | 'failed';

export function endReason(code: number, caller: boolean): EndReason {
  switch (code) {
    case CALL_CODE.cancelled:
      // The caller gave up; to the callee that is a call missed.
      return caller ? 'cancelled' : 'missed';
    case CALL_CODE.declined:
      return 'declined';
    case CALL_CODE.missed:
      return caller ? 'noAnswer' : 'missed';
    case CALL_CODE.ended:
      return 'ended';
    case CALL_CODE.busy:
      return 'busy';
    case CALL_CODE.elsewhere:
      return caller ? 'elsewhere' : 'answeredElsewhere';
    default:
      return 'ended';
  }
}
