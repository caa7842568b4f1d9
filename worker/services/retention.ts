// Message retention (chatInfo.msgClear / msgClearDay): when it is on, each conversation deletes
// its messages older than msgClearDay days once a day, between 02:00 and 03:00 UTC (the original
// ran one cron at 02:00 for everything).
import { chatSwitch, configNumber } from '../protocol/config-values';

const DAY_MS = 86_400_000;
/** Messages deleted per storage transaction, so one run never holds the conversation for long. */
export const PRUNE_BATCH = 500;
/** Pause between batches when more are due. */
export const PRUNE_AGAIN_MS = 1000;
/** When a run failed (D1 or R2 did not answer), the next try. */
export const PRUNE_RETRY_MS = 10 * 60_000;

/**
 * The send time (ms) before which messages go, or null when the operator keeps everything. Stored
 * settings may be numbers or strings (an admin form can write either).
 */
export function retentionCutoff(chatInfo: { msgClear?: unknown; msgClearDay?: unknown }, now: number): number | null {
  if (!chatSwitch(chatInfo, 'msgClear')) return null;
  const days = configNumber(chatInfo.msgClearDay, 0);
  return days > 0 ? now - days * DAY_MS : null;
}

/**
 * The next daily run after `now`: 02:00 UTC, plus up to an hour picked from the conversation's
 * name, so every conversation does not wake (and ask D1 and R2) in the same second.
 */
export function nextPruneAt(now: number, conversation: string): number {
  const at = new Date(now);
  at.setUTCHours(2, 0, 0, 0);
  const time = at.getTime() + spreadOf(conversation);
  return time > now ? time : time + DAY_MS;
}

/** A stable offset under an hour, to the second. */
function spreadOf(conversation: string): number {
  let hash = 0;
  for (const char of conversation) hash = (hash * 31 + char.charCodeAt(0)) % 3600;
  return hash * 1000;
}
