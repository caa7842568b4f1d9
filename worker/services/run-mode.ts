// Run modes (the original's runMode): '1' enterprise — everyone sees and may message everyone;
// '2' social — the address book and one-to-one sends follow friendships, except with privileged
// users (system admins, role > 0, and the customer-service users of chatInfo.autoAddUser), who
// bypass the rule both ways; a user and the agent assigned to them (user_notes.cs_uid) too.
import * as v from 'valibot';

import type { PairRows } from '../db/friends';
import { friendsOnlyMode } from '../protocol/config-values';
import { areFriends } from './friendship';
import type { SystemConfig } from './system-config';

export const isSocialMode = (config: SystemConfig) => friendsOnlyMode(config.sysInfo);

// autoAddUser is an operator-written row merged over the defaults; read it leniently (ids arrive
// as strings or numbers, as the admin form posted them).
const AutoAddUser = v.object({ user_ids: v.array(v.union([v.number(), v.string()])) });

/** The customer-service user ids of chatInfo.autoAddUser (none when unset or unreadable). */
export function serviceUserIds(config: SystemConfig): Set<number> {
  const parsed = v.safeParse(AutoAddUser, (config.chatInfo as Record<string, unknown>).autoAddUser);
  return new Set(parsed.success ? parsed.output.user_ids.map(Number).filter(Number.isSafeInteger) : []);
}

export const isPrivileged = (user: { user_id: number; role: number }, serviceIds: Set<number>) =>
  user.role > 0 || serviceIds.has(user.user_id);

/** Whether a one-to-one message between two users may go out under the configured mode. */
export function maySendDirect(
  config: SystemConfig,
  pair: { mine: number | null; theirs: number | null; cs_pair?: number },
  me: { user_id: number; role: number },
  peer: { user_id: number; role: number },
): boolean {
  if (!isSocialMode(config)) return true;
  if (pair.mine === 1 && pair.theirs === 1) return true;
  if (pair.cs_pair) return true;
  const service = serviceUserIds(config);
  return isPrivileged(me, service) || isPrivileged(peer, service);
}

/**
 * Who is in my address book (getContacts). Mode 1: every active user. Mode 2: my friends, my
 * customer-service agent and those I am the agent of (`agents`), and the privileged users I have a
 * chat with; a privileged user keeps everyone they have a chat with.
 */
export function addressBookFilter(
  config: SystemConfig,
  me: number,
  users: { user_id: number; role: number }[],
  pairs: Map<number, PairRows>,
  chats: Map<string, unknown>,
  agents: Set<number> = new Set(),
): (user: { user_id: number; role: number }) => boolean {
  if (!isSocialMode(config)) return () => true;
  const service = serviceUserIds(config);
  const self = users.find((u) => u.user_id === me);
  const iAmPrivileged = !!self && isPrivileged(self, service);
  return (u) => {
    const pair = pairs.get(u.user_id);
    if ((pair && areFriends(pair)) || agents.has(u.user_id)) return true;
    return chats.has(String(u.user_id)) && (iAmPrivileged || isPrivileged(u, service));
  };
}

/**
 * Whether `peer` may be put in a group of mine under run mode 2: a friend, or a
 * privileged user on either side, the same exceptions as for one-to-one messages.
 */
export function mayGroupWith(
  pair: PairRows | undefined,
  me: { user_id: number; role: number },
  peer: { user_id: number; role: number },
  service: Set<number>,
): boolean {
  return (!!pair && areFriends(pair)) || isPrivileged(me, service) || isPrivileged(peer, service);
}
