// Cloudflare RealtimeKit, the optional call provider: when the operator sets the
// secrets REALTIMEKIT_ACCOUNT_ID, REALTIMEKIT_APP_ID and REALTIMEKIT_API_TOKEN, a call is a
// RealtimeKit meeting (server-routed) instead of peer-to-peer WebRTC. The Worker creates one
// meeting per call and adds each participant, handing the browser only the participant's token.
// REST API: POST /accounts/{account}/realtime/kit/{app}/meetings, then
// POST …/meetings/{meeting}/participants {name, preset_name, custom_participant_id} → {data: {token}}.
import type { UserCard } from '../protocol/wire';

const API = 'https://api.cloudflare.com/client/v4/accounts';
/** The preset participants join with, unless REALTIMEKIT_PRESET names another of the app's presets. */
export const DEFAULT_PRESET = 'group_call_participant';

export interface RealtimeKitEnv {
  REALTIMEKIT_ACCOUNT_ID?: string;
  REALTIMEKIT_APP_ID?: string;
  REALTIMEKIT_API_TOKEN?: string;
  REALTIMEKIT_PRESET?: string;
}

export const realtimeKitOn = (env: RealtimeKitEnv): boolean =>
  !!(env.REALTIMEKIT_ACCOUNT_ID && env.REALTIMEKIT_APP_ID && env.REALTIMEKIT_API_TOKEN);

async function post(
  env: RealtimeKitEnv,
  path: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const url = `${API}/${encodeURIComponent(env.REALTIMEKIT_ACCOUNT_ID ?? '')}/realtime/kit/${encodeURIComponent(env.REALTIMEKIT_APP_ID ?? '')}${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.REALTIMEKIT_API_TOKEN ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { success?: boolean; data?: Record<string, unknown> } | null;
  if (!res.ok || !answer?.success || !answer.data)
    throw new Error(`RealtimeKit ${path.split('/')[1]} failed: HTTP ${res.status}`);
  return answer.data;
}

/** A new meeting for the call `callId`; answers its id. */
export async function createMeeting(env: RealtimeKitEnv, callId: string): Promise<string> {
  const data = await post(env, '/meetings', { title: `Parley call ${callId}` });
  if (typeof data.id !== 'string' || !data.id) throw new Error('RealtimeKit answered a meeting without an id');
  return data.id;
}

/** Adds `who` to the meeting; answers the participant's auth token for the browser's SDK. */
export async function addParticipant(env: RealtimeKitEnv, meetingId: string, who: UserCard): Promise<string> {
  const picture = /^https:\/\//.test(who.avatar) ? { picture: who.avatar } : {};
  const data = await post(env, `/meetings/${encodeURIComponent(meetingId)}/participants`, {
    name: who.displayName || who.realname,
    ...picture,
    preset_name: env.REALTIMEKIT_PRESET || DEFAULT_PRESET,
    custom_participant_id: `parley-${who.id}`,
  });
  if (typeof data.token !== 'string' || !data.token)
    throw new Error('RealtimeKit answered a participant without a token');
  return data.token;
}
