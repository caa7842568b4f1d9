// The ICE servers of a held call for its user, kept on the call lock: minted once
// per participant per call, so asking again (another device, a reload, a renegotiation) answers
// the same credentials with the time they have left, and a TURN server sees one user per call, not
// one per request. A fresh set is minted only when the kept one is about to run out.
import { loadConfig } from '../../../db/config';
import type { IceServersResponse } from '../../../protocol/calls';
import { ICE_RENEW_S, iceServersFor } from '../../../providers/ice-servers';
import type { KeptIce } from './store';
import type { CallHost } from './types';

const usable = (ice: KeptIce | undefined, now: number): ice is KeptIce =>
  !!ice && ice.expiresAt - now > ICE_RENEW_S * 1000;
const answer = (ice: KeptIce, now: number): IceServersResponse => ({
  iceServers: ice.iceServers,
  ttl: Math.round((ice.expiresAt - now) / 1000),
});

/** The ICE servers of call `id` for this hub's user; null when the user holds no such call. */
export async function iceOf(host: CallHost, id: string, now = Date.now()): Promise<IceServersResponse | null> {
  const row = host.calls.held(id);
  if (!row) return null;
  if (usable(row.ice, now)) return answer(row.ice, now);
  const minted = await iceServersFor(host.env, (await loadConfig(host.env.DB)).chatInfo, row.me.id, fetch, now);
  // The call may have ended meanwhile, or another request kept a set first: every device then holds that one.
  const current = host.calls.held(id);
  if (!current) return null;
  if (usable(current.ice, now)) return answer(current.ice, now);
  host.calls.update({ ice: { iceServers: minted.iceServers, expiresAt: now + minted.ttl * 1000 } });
  return minted;
}
