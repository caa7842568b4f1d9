// A ConversationHub's alarm and its retention run (chatInfo.msgClear / msgClearDay): the rules
// are in services/retention; its two queries (which rows are due, deleting them) are here. It also
// counts messages per day (conversation/message-days.ts).
import { loadConfig } from '../../db/config';
import { releaseFiles } from '../../db/files';
import type { FileInfo } from '../../protocol/messages';
import { nextPruneAt, PRUNE_AGAIN_MS, PRUNE_BATCH, PRUNE_RETRY_MS, retentionCutoff } from '../../services/retention';
import type { Fanout } from './fanout/fanout';
import { countMessageDays } from './message-days';
import type { ConversationStore } from './store';

/** When messages per day D1 refused are counted again. */
const DAYS_RETRY_MS = 60_000;

/**
 * The hub's one alarm serves the fan-out (safety net and retries), messages per day and retention. Every write enqueues an
 * outbox row and so arms the safety alarm; this handler therefore runs after every write, and is
 * where retention is first scheduled, keeping the send path free of it. Whichever purpose set the
 * alarm, it does all that is due and leaves the alarm at the earliest time still pending. `open`
 * is the conversation's store, opened after the fan-out's run; null when the hub cannot name it.
 */
export async function onConversationAlarm(
  ctx: DurableObjectState,
  env: Env,
  fanout: Fanout,
  open: (() => ConversationStore) | null,
): Promise<void> {
  await fanout.onAlarm();
  if (!open) return;
  const store = open();
  // Messages per day: counted before retention can delete any. Every write arms this alarm, so
  // a message reaches D1's count within the safety alarm's delay.
  const counted = await countMessageDays(ctx.storage.sql, env.DB);
  const countAt = counted === 'done' ? null : Date.now() + (counted === 'more' ? PRUNE_AGAIN_MS : DAYS_RETRY_MS);
  const pruneAt = await tendRetention(env, store, fanout);
  // Retention may have queued events (members' unread counts); they go out now.
  await fanout.drain();
  // One alarm serves all: the earliest of retention, counting again and a retry or safety alarm
  // armed meanwhile (each run does the fan-out's work and re-arms the rest).
  const next = earliest(pruneAt, countAt);
  if (next !== null) {
    const armed = fanout.alarmArmed ? await ctx.storage.getAlarm() : null;
    if (armed === null || next < armed) await ctx.storage.setAlarm(next);
  }
}

const earliest = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

/** Schedules the daily run once the conversation has messages, runs it when due; returns when it runs next. */
async function tendRetention(env: Env, store: ConversationStore, fanout: Fanout): Promise<number | null> {
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
  const due = cutoff === null ? null : dueForPruning(store, cutoff, PRUNE_BATCH);
  if (cutoff === null || !due) return false;
  await releaseFiles(env.DB, env.FILES, due.fileIds);
  fanout.write(() => {
    prune(store, due.throughSeq, cutoff);
    // Deleted messages stop counting as unread: the members who had not read them hear so.
    const behind = store.raiseReadFloor(due.throughSeq);
    const { conversation } = store;
    if (behind.length > 0)
      fanout.enqueue(behind, {
        kind: 'pruned',
        key: `p:${conversation}:${due.throughSeq}`,
        conversation,
        throughSeq: due.throughSeq,
      });
  });
  return due.more;
}

/**
 * The oldest messages (at most `limit`) sent before `cutoff` (ms), never the newest message:
 * `seq` is the rowid and must never be handed out again. Null when none is due; else the last
 * seq of the batch, the files its messages carry, and whether more are due after it. (The
 * original also keeps announcements and self-notes; they would be excluded here once they exist.)
 */
export function dueForPruning(
  store: ConversationStore,
  cutoff: number,
  limit: number,
): { throughSeq: number; fileIds: number[]; more: boolean } | null {
  const rows = store.sql
    .exec(
      'SELECT seq, file FROM messages WHERE send_time < ? AND seq < (SELECT MAX(seq) FROM messages) ORDER BY seq LIMIT ?',
      cutoff,
      limit + 1,
    )
    .toArray();
  const batch = rows.slice(0, limit);
  if (batch.length === 0) return null;
  const fileIds = batch.flatMap((r) => (r.file ? [(JSON.parse(String(r.file)) as FileInfo).file_id] : []));
  return { throughSeq: Number(batch.at(-1)!.seq), fileIds, more: rows.length > limit };
}

/** Deletes what dueForPruning listed (the same condition, so the newest message stays). */
export function prune(store: ConversationStore, throughSeq: number, cutoff: number): void {
  store.sql.exec(
    'DELETE FROM messages WHERE seq <= ? AND send_time < ? AND seq < (SELECT MAX(seq) FROM messages)',
    throughSeq,
    cutoff,
  );
}
