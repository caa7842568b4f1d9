// A ConversationHub's retention run (chatInfo.msgClear / msgClearDay), called from the hub's
// alarm: the rules are in services/retention, the storage in the conversation's store.
import { loadConfig } from '../db/config';
import { releaseFiles } from '../db/files';
import { nextPruneAt, PRUNE_AGAIN_MS, PRUNE_BATCH, PRUNE_RETRY_MS, retentionCutoff } from '../services/retention';
import type { ConversationStore } from './conversation-store';
import type { Fanout } from './fanout';

/** Schedules the daily run once the conversation has messages, runs it when due; returns when it runs next. */
export async function tendRetention(env: Env, store: ConversationStore, fanout: Fanout): Promise<number | null> {
  const at = store.pruneAt();
  if (at !== null && at > Date.now()) return at;
  if (at === null && store.lastSeq() === 0) return null;
  let next = nextPruneAt(Date.now(), store.conversation);
  if (at !== null) {
    try {
      if (await pruneBatch(env, store, fanout)) next = Date.now() + PRUNE_AGAIN_MS;
    } catch (error) {
      console.error('retention run failed; trying again later', store.conversation, error);
      next = Date.now() + PRUNE_RETRY_MS;
    }
  }
  fanout.write(() => store.setPruneAt(next));
  return next;
}

/**
 * Deletes one batch of messages past chatInfo.msgClearDay, when retention is on; true when more
 * are due. Their files go first: a failure then leaves messages to try again, never a deleted
 * message whose file still downloads.
 */
async function pruneBatch(env: Env, store: ConversationStore, fanout: Fanout): Promise<boolean> {
  const { chatInfo } = await loadConfig(env.DB);
  const cutoff = retentionCutoff(chatInfo, Date.now());
  const due = cutoff === null ? null : store.dueForPruning(cutoff, PRUNE_BATCH);
  if (cutoff === null || !due) return false;
  await releaseFiles(env.DB, env.FILES, due.fileIds);
  fanout.write(() => {
    store.prune(due.throughSeq, cutoff);
    // Deleted messages stop counting as unread: the members who had not read them hear so.
    const behind = store.raiseReadFloor(due.throughSeq);
    const { conversation } = store;
    if (behind.length > 0) fanout.enqueue(behind, { kind: 'pruned', key: `p:${conversation}:${due.throughSeq}`, conversation, throughSeq: due.throughSeq });
  });
  return due.more;
}
