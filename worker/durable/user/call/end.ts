// How a held call ends: a hangup or busy of this hub's user, the other
// hub's word that the call ended, the user's last socket closing, and the hub's alarm (a ring left
// unanswered, or an active call whose sockets all died). The lock is released before anything is
// awaited, so no interleaving sees a call twice.
import { CALL_CODE, CALL_SECONDS_MAX, hangupCode, type WebrtcEvent } from '../../../protocol/calls';
import { conversationHub, userHub } from '../../stubs';
import { fromMe, fromPeer } from './frames';
import type { CallRow } from './store';
import type { CallHost } from './types';

/** While a call is active, the hub looks for dead sockets this often. */
export const ACTIVE_CHECK_MS = 30_000;

/** My hangup (or the callee's busy): the code from the phase the hub knows; null when I hold no such call. */
export async function endCall(
  host: CallHost,
  id: string,
  peer: number,
  how: 'hangup' | 'busy',
): Promise<WebrtcEvent | null> {
  const row = host.calls.held(id);
  if (!row || row.peer !== peer) return null;
  const code =
    how === 'busy' && row.role === 'callee' && row.phase === 'ringing'
      ? CALL_CODE.busy
      : hangupCode(row.phase, row.role === 'caller', Date.now() - row.started_at);
  return finish(host, row, code, 'otherOpt', true);
}

/** The other participant's hub ended the call. */
export async function peerEnded(
  host: CallHost,
  id: string,
  from: number,
  code: number,
  callTime: number,
): Promise<void> {
  const row = host.calls.held(id);
  if (!row || row.peer !== from) return;
  await release(host);
  host.push(fromPeer(row, { event: 'hangup', code, callTime }));
}

/** The user's last socket closed while holding a call: the call ends as the phase says. */
export async function socketsGone(host: CallHost): Promise<void> {
  const row = host.calls.get();
  if (!row) return;
  const code =
    row.phase === 'active' ? CALL_CODE.ended : row.role === 'callee' ? CALL_CODE.missed : CALL_CODE.cancelled;
  await finish(host, row, code, null, true);
}

/** The hub's alarm: the ring's end (905, even with every browser gone), or the dead-socket check of an active call. */
export async function onCallAlarm(host: CallHost): Promise<void> {
  const row = host.calls.get();
  if (!row) return;
  const now = Date.now();
  if (now < row.deadline) return host.setAlarm(row.deadline);
  if (row.phase === 'ringing') {
    await finish(host, row, CALL_CODE.missed, 'hangup', true);
    return;
  }
  // Closing the last dead socket ends the call (socketsGone) before this answers.
  if (!host.online()) {
    if (host.calls.held(row.id)) await finish(host, row, CALL_CODE.ended, null, true);
    return;
  }
  const next = host.calls.update({ deadline: now + ACTIVE_CHECK_MS });
  if (next) await host.setAlarm(next.deadline);
}

/** Releases the lock and the alarm that watched it. */
export async function release(host: CallHost): Promise<void> {
  host.calls.clear();
  await host.setAlarm(null);
}

/**
 * Ends the held call: the lock goes first, then the record takes its outcome (the first outcome
 * stays, and its code and duration are the ones everybody is told), my sockets hear it (`own`),
 * and the other hub is told (`tellPeer`). Answers the event for the one who ended it.
 */
export async function finish(
  host: CallHost,
  row: CallRow,
  code: number,
  own: 'otherOpt' | 'hangup' | null,
  tellPeer: boolean,
): Promise<WebrtcEvent> {
  await release(host);
  const seconds =
    code === CALL_CODE.ended && row.answered_at > 0 ? Math.floor((Date.now() - row.answered_at) / 1000) : 0;
  const outcome = (await finishRecord(
    host.env,
    row.conversation,
    row.id,
    code,
    Math.min(seconds, CALL_SECONDS_MAX),
  )) ?? { code, callTime: seconds };
  if (own === 'otherOpt') host.push(fromMe(row, { event: 'otherOpt', action: 'hangup', ...outcome }));
  if (own === 'hangup') host.push(fromMe(row, { event: 'hangup', ...outcome }));
  if (tellPeer) {
    await userHub(host.env, row.peer)
      .callLock('peerEnded', row.id, row.me.id, outcome.code, outcome.callTime)
      .catch((error: unknown) => console.error('telling the other side of a hangup failed', error));
  }
  return fromMe(row, { event: 'hangup', ...outcome });
}

/** Sets the record's outcome; null when there is no record (a call dropped by glare, or a failure). */
export async function finishRecord(
  env: Env,
  conversation: string,
  id: string,
  code: number,
  callTime: number,
): Promise<{ code: number; callTime: number } | null> {
  return conversationHub(env, conversation)
    .finishCall(conversation, id, code, callTime)
    .catch((error: unknown) => {
      console.error('updating a call record failed', id, error);
      return null;
    });
}
