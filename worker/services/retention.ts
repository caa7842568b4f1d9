// Message retention (chatInfo.msgClear / msgClearDay): when it is on, each conversation deletes
// its messages older than msgClearDay days once a day, at 02:00 UTC as the original's cron did.
import { numberSetting, type SystemConfig } from './system-config';

const DAY_MS = 86_400_000;
/** Messages deleted per storage transaction, so one run never holds the conversation for long. */
export const PRUNE_BATCH = 500;
/** Pause between batches when more are due. */
export const PRUNE_AGAIN_MS = 1000;

/** The send time (ms) before which messages go, or null when the operator keeps everything. */
export function retentionCutoff(chatInfo: SystemConfig['chatInfo'], now: number): number | null {
  if (chatInfo.msgClear !== '1') return null;
  const days = numberSetting(chatInfo.msgClearDay, 0);
  return days > 0 ? now - days * DAY_MS : null;
}

/** The next daily run after `now`: 02:00 UTC. */
export function nextPruneAt(now: number): number {
  const at = new Date(now);
  at.setUTCHours(2, 0, 0, 0);
  if (at.getTime() <= now) at.setUTCDate(at.getUTCDate() + 1);
  return at.getTime();
}
