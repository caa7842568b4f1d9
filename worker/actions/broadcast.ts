// A frame to everyone with a socket open now (an operator's configuration change, the original's
// updateConfig): each online user's hub (D1's presence table), 50 at a time, unlogged, since
// whoever is offline reads the new state when they next start. Never waited on by the request.
import { onlineOrdinaryUsers } from '../db/site-closed';
import { userHub } from '../durable/stubs';
import type { EventData, EventType } from '../protocol/frames';

const AT_ONCE = 50;

export async function tellEveryoneOnline<T extends EventType>(env: Env, type: T, data: EventData<T>): Promise<number> {
  const online = (await env.DB.prepare('SELECT user_id FROM presence WHERE online = 1').all<{ user_id: number }>())
    .results;
  for (let i = 0; i < online.length; i += AT_ONCE)
    await Promise.allSettled(
      online.slice(i, i + AT_ONCE).map(({ user_id }) => userHub(env, user_id).notify(type, data, false)),
    );
  return online.length;
}

/** The site closed: the hubs of the users online who are not operators close every socket, 50 at a time. */
export async function closeOrdinarySockets(env: Env): Promise<number> {
  const users = await onlineOrdinaryUsers(env.DB);
  for (let i = 0; i < users.length; i += AT_ONCE)
    await Promise.allSettled(users.slice(i, i + AT_ONCE).map((uid) => userHub(env, uid).siteClosed()));
  return users.length;
}
