// What a group's hub answers about the group without changing it: a member's view of the group
// (its card, roster and join QR), and the relay of a member's typing to the members
// whose hub had a socket open at the last delivery.
import { mayShareQr } from '../../../protocol/group-rules';
import { userHub } from '../../stubs';
import { cardOf, type Parts } from './parts';

/** The group's card and members for a member; im.notMember for anyone else. */
export function groupViewOf(parts: Parts, viewer: number) {
  const card = parts.store.members().includes(viewer) ? cardOf(parts, viewer) : null;
  if (!card) return { ok: false as const, key: 'im.notMember' as const };
  // The join QR: its current version, and whether this member is handed one (mayShareQr).
  const group = parts.groups.group()!;
  const qr = { version: group.qr_version ?? 0, share: mayShareQr(parts.groups.member(viewer), group.setting) };
  return { ok: true as const, value: { card, roster: parts.groups.roster(), qr } };
}

/**
 * `user` is typing in the group: each other member whose hub is not parked (conversation/fanout/parking.ts: it had a
 * socket at the last delivery, or the hub does not know) hears of it; a non-member is ignored.
 */
export async function relayGroupTyping(env: Env, parts: Parts, user: number, typing: boolean): Promise<void> {
  const members = parts.store.members();
  if (!members.includes(user)) return;
  const to = members.filter((m) => m !== user && parts.fanout.mayHaveSocket(m));
  const conversation = parts.store.conversation;
  await Promise.allSettled(to.map((m) => userHub(env, m).typingFrom(conversation, user, typing)));
}
