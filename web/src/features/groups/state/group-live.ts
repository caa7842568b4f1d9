// How the group frames change what the query client holds about a group (the signed-in
// session's frame table calls these). The frames that say everything they change patch the card
// at once; every frame about a group reloads what screens show of it (invalidated queries: only
// those on screen ask again, the rest when shown next). A group I am out of asks nothing more.
import { queryClient } from '@web/lib/query-client';

import type { GroupInfo } from '../api/groups-api';
import { type GroupData, groupKeys } from './group-queries';

const entries = (key: string) => ({ queryKey: [...groupKeys.all(key), 'entry'] });

const held = (key: string) =>
  queryClient()
    .getQueryCache()
    .findAll({ queryKey: groupKeys.all(key) }).length > 0;

const isGone = (key: string) =>
  queryClient()
    .getQueriesData<GroupData>(entries(key))
    .some(([, data]) => data?.gone);

function patchEntries(key: string, patch: (data: GroupData) => GroupData): void {
  queryClient().setQueriesData<GroupData>(entries(key), (data) => (data ? patch(data) : data));
}

/** Something changed in a group: what shows it reloads (not a group I am out of). */
export function groupChanged(key: string): void {
  if (!held(key) || isGone(key)) return;
  void queryClient().invalidateQueries({ queryKey: groupKeys.all(key) });
}

/** A frame that says what it changed on the card: shown at once, then reloaded. */
export function groupCardChanged(key: string, patch: Partial<GroupInfo>): void {
  patchEntries(key, (data) => (data.info ? { ...data, info: { ...data.info, ...patch } } : data));
  groupChanged(key);
}

/** Dissolved, or I was removed or left: the screens say so. */
export function groupLeft(key: string): void {
  patchEntries(key, (data) => ({ ...data, gone: true }));
}

/** Added (back) to a group: a screen still showing it offers its actions again. */
export function groupJoined(key: string): void {
  if (!held(key)) return;
  patchEntries(key, (data) => ({ ...data, gone: false }));
  groupChanged(key);
}

/** The socket is back: anything may have changed while it was away. */
export function groupsReconnected(): void {
  const keys = new Set(
    queryClient()
      .getQueryCache()
      .findAll({ queryKey: ['group'] })
      .map((q) => String(q.queryKey[1])),
  );
  for (const key of keys) groupChanged(key);
}

/** Runs a change and reloads the group once the server took it (its frame reloads too). */
export async function afterGroupChange<T>(key: string, call: Promise<T>): Promise<T> {
  const result = await call;
  groupChanged(key);
  return result;
}
