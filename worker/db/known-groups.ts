// Which `group-N` ids D1 knows: a made-up id must never create a ConversationHub (each is stored,
// and costs, for good), so routes and a socket's typing frame ask here first.
import { groupIdOf } from '../protocol/ids';

// A group's row is never deleted (a dissolved group keeps it, status 0), so an id seen once stays
// known and the isolate need not ask D1 again: sends to a group pay the look-up once.
const knownGroups = new Set<number>();

/** Whether D1 has a row for the group `conversation` names (a socket's typing frame asks it, user/typing.ts). */
export async function isKnownGroup(db: D1Database, conversation: string): Promise<boolean> {
  const id = groupIdOf(conversation) ?? 0;
  if (knownGroups.has(id)) return true;
  const known =
    id > 0 && (await db.prepare('SELECT 1 AS known FROM groups WHERE group_id = ?1').bind(id).first<number>('known'));
  if (!known) return false;
  if (knownGroups.size >= 10_000) knownGroups.clear();
  knownGroups.add(id);
  return true;
}
