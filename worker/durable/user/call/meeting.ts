// The RealtimeKit meeting of a call (providers/realtimekit.ts), kept on the call
// lock: the caller's hub creates it once, when the first participant asks, and keeps it; the
// callee's hub asks the caller's. Refusals cross the RPC boundary as values.
import { createMeeting } from '../../../providers/realtimekit';
import { userHub } from '../../stubs';
import type { CallHost } from './types';

export type MeetingAnswer = { ok: true; value: string } | { ok: false; key: 'im.callNotFound' | 'system.fail' };

/** Meetings being created, by call id: two participants asking at once get the same one. */
const creating = new Map<string, Promise<string>>();

/** The meeting of the call `id` for `asker`: this hub's user, or (on the caller's hub) the callee. */
export async function meetingOf(host: CallHost, id: string, asker: number): Promise<MeetingAnswer> {
  const row = host.calls.held(id);
  const mayAsk = row && (asker === row.me.id || (asker === row.peer && row.role === 'caller'));
  if (!row || !mayAsk) return { ok: false, key: 'im.callNotFound' };
  if (row.meeting) return { ok: true, value: row.meeting };
  if (row.role === 'callee') {
    const answer = await userHub(host.env, row.peer).callLock('meeting', id, row.me.id);
    if (answer.ok && host.calls.held(id)) host.calls.update({ meeting: answer.value });
    return answer;
  }
  let pending = creating.get(id);
  if (!pending) {
    pending = createMeeting(host.env, id).finally(() => creating.delete(id));
    creating.set(id, pending);
  }
  try {
    const meeting = await pending;
    if (host.calls.held(id)) host.calls.update({ meeting });
    return { ok: true, value: meeting };
  } catch (error) {
    console.error('creating a RealtimeKit meeting failed', error);
    return { ok: false, key: 'system.fail' };
  }
}
