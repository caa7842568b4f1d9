// Clearing a group's history (the original's clearMessage), inside its ConversationHub: the owner
// (from the app) or a super admin (from the console, `operator`) deletes every message; their files are released first, as retention does
// (a failure then leaves messages to clear again, never a deleted message whose file still
// downloads); every member's read mark reaches the end, and each member's hub hears
// `clearMessage`, which empties their chat-list row and unread count (user/chat-events.ts).
import { releaseFiles } from '../../../db/files';
import { mayClearHistory } from '../../../protocol/group-rules';
import type { UserCard } from '../../../protocol/messages';
import type { Result } from '../../contract';
import { type Parts, postLine } from './parts';

export async function clearGroupHistory(
  env: Env,
  parts: Parts,
  by: UserCard,
  operator: boolean,
): Promise<Result<{ throughSeq: number }>> {
  const { store, groups, fanout } = parts;
  const group = groups.group();
  if (!group || group.status !== 1) return { ok: false, key: 'group.exist' };
  const actor = by.id;
  const me = groups.member(actor);
  if (!operator && !me) return { ok: false, key: 'im.notMember' };
  if (!operator && !mayClearHistory(me)) return { ok: false, key: 'system.notAuth' };
  // Through the newest message now: one sent while the files are released stays.
  const throughSeq = store.lastSeq();
  await releaseFiles(env.DB, env.FILES, store.fileIdsThrough(throughSeq));
  const conversation = store.conversation;
  fanout.write(() => {
    if (throughSeq > 0) {
      store.clearThrough(throughSeq);
      store.raiseReadFloor(throughSeq);
    }
    const frame = { type: 'clearMessage' as const, data: { group_id: conversation } };
    fanout.enqueue(store.members(), { kind: 'groupEvent', key: crypto.randomUUID(), conversation, actor, frame });
    // After the clear, so it is the first line of the emptied chat: who cleared it.
    postLine(
      parts,
      by,
      { kind: 'cleared', actor: { id: by.id, name: by.realname }, targets: [] },
      store.members(),
      Date.now(),
    );
  });
  fanout.kick();
  return { ok: true, value: { throughSeq } };
}
