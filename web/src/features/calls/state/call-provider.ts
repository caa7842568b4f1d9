// Which provider carries a call's media. The store asks callMeeting once per
// call, the caller as soon as its `calling` is answered and the callee as it accepts, so the
// answer is there when the call is answered: 'p2p' goes on with the WebRTC engine as before,
// 'realtimekit' joins the call's meeting with the participant token. A question that fails
// (network, refusal) counts as 'p2p': a blip must never break the default path.
import type { CallMeetingResponse } from '@protocol/calls';

import { callMeeting } from '../api/calls-api';

const P2P: CallMeetingResponse = { provider: 'p2p' };

export class ProviderQuestion {
  private asked: { id: string; answer: Promise<CallMeetingResponse> } | null = null;

  /** The provider of call `id`, asked once (a second ask for the same call reuses the answer). */
  ask(id: string): Promise<CallMeetingResponse> {
    if (this.asked?.id !== id) this.asked = { id, answer: callMeeting(id).catch(() => P2P) };
    return this.asked.answer;
  }
}
