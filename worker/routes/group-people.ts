// Whom I may put in a group: run mode 2's friends-only rule, checked when a group is
// made or grown, and enterprise/group/getAllUser, the people to pick from, which applies the same rule.
import type { Context } from 'hono';

import type { AppEnv } from '../app-env';
import { loadConfig } from '../db/config';
import { pairsOf } from '../db/friends';
import { cardOf as userCard, findUsersByIds, listActiveUsers } from '../db/users';
import { conversationHub } from '../durable/stubs';
import { input } from '../middleware/params';
import { GetAllUserBody, type Pickable, ROLE } from '../protocol/groups';
import { envelope, refuse, settled } from '../services/replies';
import { isSocialMode, mayGroupWith, serviceUserIds } from '../services/run-mode';
import { maskAccount } from '../services/user-view';

/**
 * Run mode 2: a group is made of and grown with my friends only, as one-to-one messages
 * are, with the same exceptions (a privileged user on either side). Mode 1 pays no query.
 */
export async function refuseStrangers(db: D1Database, me: number, ids: number[]): Promise<void> {
  const groupable = await groupableBy(db, me);
  if (!groupable) return;
  const rows = await findUsersByIds(db, ids);
  for (const id of ids) if (!groupable({ user_id: id, role: rows.get(id)?.role ?? 0 })) throw refuse('group.notFriend');
}

/** Whom `me` may put in a group under run mode 2 (mayGroupWith); null in mode 1, where anyone may be. */
async function groupableBy(
  db: D1Database,
  me: number,
): Promise<((peer: { user_id: number; role: number }) => boolean) | null> {
  const config = await loadConfig(db);
  if (!isSocialMode(config)) return null;
  const [pairs, mine] = await Promise.all([pairsOf(db, me), findUsersByIds(db, [me])]);
  const self = { user_id: me, role: mine.get(me)?.role ?? 0 };
  const service = serviceUserIds(config);
  return (peer) => mayGroupWith(pairs.get(peer.user_id), self, peer, service);
}

// People to pick from: with `group_id`, its members but the owner (to hand it over); otherwise
// everyone active (run mode 1) or my friends (run mode 2). `user_ids` already chosen come disabled.
export async function getAllUser(c: Context<AppEnv>) {
  const body = input(c, GetAllUserBody);
  const me = c.get('identity').uid;
  const chosen = new Set(body.user_ids);
  let rows = (await listActiveUsers(c.env.DB)).filter((u) => u.user_id !== me);
  if (body.group_id) {
    const { roster } = settled(await conversationHub(c.env, body.group_id).groupView(body.group_id, me));
    const members = new Set(roster.filter((m) => m.role !== ROLE.OWNER).map((m) => m.user_id));
    rows = rows.filter((u) => members.has(u.user_id));
  } else {
    // Run mode 2: exactly the people the server would accept into a group of mine (refuseStrangers).
    const groupable = await groupableBy(c.env.DB, me);
    if (groupable) rows = rows.filter(groupable);
  }
  const list = rows.map((u) => ({ ...userCard(u), account: maskAccount(u.account), disabled: chosen.has(u.user_id) }));
  return c.json(envelope(list satisfies Pickable[]));
}
