// A group's creation inside its new ConversationHub: the group row, the owner and members, the
// "created" line, each member's new chat and the D1 projection, in one storage commit.
import { type GroupCard, ROLE } from '../../../protocol/groups';
import type { Result } from '../../contract';
import { addMembers, cardOf, type GroupChange, named, type Parts, postLine, project } from './parts';

export function createGroup(
  parts: Parts,
  change: Extract<GroupChange, { op: 'create' }>,
  now: number,
): Result<GroupCard> {
  const { store, groups } = parts;
  // A retried create (the Worker's call failed after the commit) answers what is there.
  if (groups.group()) return { ok: true, value: cardOf(parts, change.owner.id)! };
  const others = change.members.filter((u) => u.id !== change.owner.id);
  parts.fanout.write(() => {
    groups.saveGroup(change.group);
    addMembers(parts, [change.owner.id], now, ROLE.OWNER);
    addMembers(
      parts,
      others.map((u) => u.id),
      now,
    );
    postLine(
      parts,
      change.owner,
      { kind: 'created', actor: named(change.owner), targets: others.map(named) },
      store.members(),
      now,
    );
    const conversation = store.conversation;
    const addGroup = (to: number[], viewer: number) =>
      parts.fanout.enqueue(to, {
        kind: 'groupEvent',
        key: crypto.randomUUID(),
        conversation,
        actor: change.owner.id,
        frame: { type: 'addGroup', data: cardOf(parts, viewer)! },
        chat: 'add',
      });
    addGroup([change.owner.id], change.owner.id);
    if (others.length > 0)
      addGroup(
        others.map((u) => u.id),
        others[0]!.id,
      );
    project(parts);
  });
  parts.fanout.kick();
  return { ok: true, value: cardOf(parts, change.owner.id)! };
}
