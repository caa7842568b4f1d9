// Groups for tests, made the real way (POST /enterprise/group/add and the other group calls), and
// the cast of the permission matrix: an owner, an admin, a member, a muted member, a removed member
// and an outsider, plus a second member to act on and someone to invite.
import { expect } from 'vitest';

import { call, loginUser } from './helpers';

export type User = Awaited<ReturnType<typeof loginUser>>;
export const uid = (u: User) => u.userInfo.user_id as number;

export async function groupCall(path: string, body: unknown, as: User) {
  return call(`/enterprise/group/${path}`, body, { token: as.token });
}

/** A new group of `owner` with `members`; answers its id (`group-N`). */
export async function createGroup(owner: User, members: User[], name = 'Team'): Promise<string> {
  const reply = await groupCall('add', { user_ids: members.map(uid), name }, owner);
  expect(reply.body.code, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data.id as string;
}

export async function ok(reply: Promise<{ body: { code: number; msg: string } }>) {
  const { body } = await reply;
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body;
}

export const ACTORS = ['owner', 'admin', 'member', 'muted', 'removed', 'outsider'] as const;
export type Actor = (typeof ACTORS)[number];

export interface Cast extends Record<Actor, User> {
  /** A second plain member, the one acted on. */
  target: User;
  /** Someone not in the group, to invite. */
  invitee: User;
}

export async function makeCast(): Promise<Cast> {
  const [owner, admin, member, muted, removed, outsider, target, invitee] = await Promise.all(
    Array.from({ length: 8 }, () => loginUser()),
  );
  return {
    owner: owner!,
    admin: admin!,
    member: member!,
    muted: muted!,
    removed: removed!,
    outsider: outsider!,
    target: target!,
    invitee: invitee!,
  };
}

/** A fresh group in which every one of the cast has their part. */
export async function castGroup(cast: Cast): Promise<string> {
  const { owner, admin, member, muted, removed, target } = cast;
  const id = await createGroup(owner, [admin, member, muted, removed, target]);
  await ok(groupCall('setManager', { id, user_id: uid(admin), role: 2 }, owner));
  await ok(groupCall('setNoSpeak', { id, user_id: uid(muted), noSpeakTimer: 4 }, owner));
  await ok(groupCall('removeUser', { id, user_id: uid(removed) }, owner));
  return id;
}
