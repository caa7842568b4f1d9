// A file list across the caller's chats (worker/compat/files.ts) asks a conversation's hub what its
// caller may see, so D1 counts, filters and pages only those files: the caller's
// floor in D1's whole seconds, the files of the messages sent in the minute before the floor (a file
// row is stored, in whole seconds, just before its message), and the type of the message carrying
// each listed file, on which the visibility rule has the last word.
import type { MessageScope } from './message-scope';

export interface FilePanelSight {
  /** Files stored before this second are below the caller's floor (conversation/visibility.ts). */
  floor: number;
  /** Files stored at or after `floor` whose messages are below it all the same. */
  hidden: number[];
  /** The message type carrying each of the asked files the caller may see; the others are absent. */
  types: Record<number, string>;
}

/** Wider than any gap between a file row's time (the Worker's clock) and its message's (the hub's). */
const MARGIN_MS = 60_000;

/** The first seq sent at or after `at` (ms): a hub's send times grow with its seq. */
function firstSeqFrom(sql: SqlStorage, at: number): number {
  let lo = 1;
  let hi = Number(sql.exec('SELECT COALESCE(MAX(seq), 0) AS s FROM messages').one().s) + 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    const row = sql.exec('SELECT send_time FROM messages WHERE seq >= ? ORDER BY seq LIMIT 1', mid).toArray()[0];
    if (!row || Number(row.send_time) >= at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Null for a non-member. */
export function filePanelSight(scope: MessageScope, viewer: number, fileIds: number[]): FilePanelSight | null {
  const sight = scope.sightOf(viewer);
  if (!sight) return null;
  const types: Record<number, string> = {};
  for (const id of fileIds) {
    const found = scope.reveal(viewer, (store) => store.byFileId(id));
    if (found.ok) types[id] = found.value.type;
  }
  if (sight.floor <= 0) return { floor: 0, hidden: [], types };
  const { sql } = scope.store;
  const hidden = sql
    .exec(
      "SELECT json_extract(file, '$.file_id') AS f FROM messages WHERE seq >= ? AND seq < ? AND file IS NOT NULL",
      firstSeqFrom(sql, sight.floor - MARGIN_MS),
      firstSeqFrom(sql, sight.floor),
    )
    .toArray()
    .map((row) => Number(row.f));
  return { floor: Math.floor(sight.floor / 1000), hidden, types };
}
