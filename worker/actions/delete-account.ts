// Deleting an account from the console. The person leaves every group through the
// group's hub, as a removal made in the app (members hear of it live, with its system line); D1
// then forgets them in one batch with the audit row (db/manage-users.ts), their sessions and
// sockets end, and their avatar's file row and bytes go. Their messages stay: each conversation they wrote in forgets their card, so the
// messages show under "Deleted user", and the people with a chat with them hear the change live.
import type { AuditEntry } from '../db/audit';
import { auditStatement } from '../db/audit';
import { AVATAR_SCOPE, releaseFiles } from '../db/files';
import { deleteUserStatements, liveMemberships } from '../db/manage-users';
import { conversationHub, userHub } from '../durable/stubs';
import { groupChatKey } from '../protocol/ids';
import type { UserCard } from '../protocol/messages';
import { directConversation } from '../services/conversations';
import { PROFILE_AUDIENCE_MAX, pushProfile } from './profile-push';
import { endSessionsBelow } from './sessions';

/** The `files` rows of `userId`'s avatar (one, unless an upload raced another). */
const avatarFileIds = async (db: D1Database, userId: number) =>
  (
    await db
      .prepare('SELECT file_id FROM files WHERE user_id = ?1 AND conversation_id = ?2')
      .bind(userId, AVATAR_SCOPE)
      .all<{ file_id: number }>()
  ).results.map((r) => r.file_id);

/** The live groups `userId` owns: an owner must be replaced (or the group dissolved) before the account goes. */
export const ownedGroups = async (db: D1Database, userId: number) =>
  (await liveMemberships(db, userId)).filter((m) => m.role === 1).map((m) => m.group_id);

/**
 * Removes `target` from their groups as `operator`, deletes the account with `audit` in the same
 * batch, and ends its sessions. Answers the work left for after the answer (`waitUntil`): the
 * conversations forgetting the card, and the live update to the people who chat with them.
 */
export async function deleteAccount(
  env: Env,
  operator: UserCard,
  target: UserCard,
  audit: AuditEntry,
): Promise<() => Promise<void>> {
  const groups = (await liveMemberships(env.DB, target.id)).map((m) => groupChatKey(m.group_id));
  // The peers are read before the hub's sessions end (the hub keeps its chat list either way).
  const peers = await userHub(env, target.id)
    .chatPeers(PROFILE_AUDIENCE_MAX)
    .catch(() => [] as number[]);
  for (const key of groups) {
    const removed = await conversationHub(env, key).group(key, {
      op: 'remove',
      actor: operator,
      target,
      operator: true,
    });
    // Refused only when they are no longer a member (a removal that raced this one): nothing to undo.
    if (!removed.ok) console.warn('delete account: group removal refused', key, removed.key);
  }
  const avatars = await avatarFileIds(env.DB, target.id);
  const [scrubbed] = await env.DB.batch([...deleteUserStatements(env.DB, target.id), auditStatement(env.DB, audit)]);
  const version = Number((scrubbed!.results[0] as { token_version: number } | undefined)?.token_version ?? 0);
  await endSessionsBelow(env, target.id, version);
  // Their picture stops being served (its /file URL answers 404) and its bytes go from R2.
  await releaseFiles(env.DB, env.FILES, avatars).catch((error) =>
    console.error('delete account: the avatar was kept', target.id, error),
  );
  const conversations = [...groups, ...peers.map((peer) => directConversation(target.id, peer))];
  return async () => {
    const results = await Promise.allSettled(
      conversations.map((c) => conversationHub(env, c).forgetSender(c, target.id)),
    );
    const failed = results.filter((r) => r.status === 'rejected').length;
    if (failed > 0) console.warn('delete account: conversations that kept the card', failed);
    await pushProfile(env, { user_id: target.id, realname: '', avatar: '', motto: '' });
  };
}
