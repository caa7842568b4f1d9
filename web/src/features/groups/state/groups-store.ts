// The groups store: each group on screen (its card and its members), loaded by REST and kept
// live by the group frames. A frame about a loaded group reloads it (coalesced: a burst of
// frames costs one reload); the frames that say everything they change also patch at once.
// Chat rows (name, a new group, leaving) are the chat store's; this holds the details.
import { useEffect, useSyncExternalStore } from 'react';
import { realtime } from '../../../lib/realtime';
import { fetchGroupInfo, fetchMembers, type GroupInfo, type GroupMember } from '../api/groups-api';

export interface GroupEntry {
  info: GroupInfo | null;
  members: GroupMember[];
  loaded: boolean;
  /** Dissolved, or I was removed: the screens say so instead of offering actions. */
  gone: boolean;
  /** Counts the loads: a screen that pages the members itself reloads them when it moves. */
  revision: number;
}

const EMPTY: GroupEntry = { info: null, members: [], loaded: false, gone: false, revision: 0 };

export class GroupsStore {
  private entries: Record<string, GroupEntry> = {};
  private listeners = new Set<() => void>();
  private reloading = new Map<string, Promise<void>>();
  private again = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  private generation = 0;
  /** How many screens show each group: only those are kept live; the rest reload when shown again. */
  private views = new Map<string, number>();
  /** How many of those need every member (the member list pages them itself: a group may have 500). */
  private rosterViews = new Map<string, number>();
  /** Me, for telling my own removal from someone else's. */
  me = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (key: string): GroupEntry => this.entries[key] ?? EMPTY;

  private patch(key: string, patch: Partial<GroupEntry>): void {
    this.entries = { ...this.entries, [key]: { ...this.get(key), ...patch } };
    for (const l of [...this.listeners]) l();
  }

  /** Listens to the group frames from now on (once; the app's one realtime connection). */
  listen(): void {
    if (this.unsubscribe) return;
    const offs = [
      realtime.on('removeGroup', (f) => this.leave(String(f.data.group_id))),
      realtime.on('removeUser', (f) => (f.data.user_id === this.me ? this.leave(f.data.group_id) : this.changed(f.data.group_id))),
      realtime.on('editGroupName', (f) => this.patchInfo(f.data.id, { displayName: f.data.displayName, name: f.data.displayName })),
      realtime.on('setNotice', (f) => this.patchInfo(f.data.group_id, { notice: f.data.notice })),
      realtime.on('groupSetting', (f) => this.patchInfo(f.data.group_id, { setting: f.data.setting })),
      realtime.on('groupAvatar', (f) => this.patchInfo(f.data.group_id, { avatar: f.data.avatar })),
      realtime.on('addGroup', (f) => {
        // Added back to a group on screen.
        if (!this.tracked(f.data.id)) return;
        this.patch(f.data.id, { gone: false });
        this.changed(f.data.id);
      }),
      ...(['addGroupUser', 'setManager', 'changeOwner', 'setNoSpeak', 'groupNickname'] as const).map((type) => realtime.on(type, (f) => this.changed(f.data.group_id))),
      // After a reconnect anything may have changed while the socket was away.
      realtime.onOpen(() => Object.keys(this.entries).forEach((key) => this.changed(key))),
    ];
    this.unsubscribe = () => offs.forEach((off) => off());
  }

  /** Forgets every group (another user signed in): loads still running write nowhere. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.entries = {};
    this.reloading.clear();
    this.again.clear();
    this.generation += 1;
  }

  /** A screen shows `key` until the returned function is called. */
  watch(key: string, roster = true): () => void {
    const count = (map: Map<string, number>, by: number) => map.set(key, (map.get(key) ?? 0) + by);
    count(this.views, 1);
    if (roster) count(this.rosterViews, 1);
    return () => {
      count(this.views, -1);
      if (roster) count(this.rosterViews, -1);
    };
  }

  /** The signed-in user; a different one starts from nothing. */
  setMe(me: number): void {
    if (this.me && this.me !== me) this.stop();
    this.me = me;
  }

  private tracked = (key: string) => key in this.entries;

  private leave(key: string): void {
    if (this.tracked(key)) this.patch(key, { gone: true });
  }

  private patchInfo(key: string, patch: Partial<GroupInfo>): boolean {
    const info = this.get(key).info;
    if (info) this.patch(key, { info: { ...info, ...patch } });
    this.changed(key);
    return true;
  }

  /** Something changed in a group on screen: reload it (once more after the running reload, if any). */
  private changed(key: string): boolean {
    if (!this.tracked(key) || this.get(key).gone) return false;
    if (!this.views.get(key)) {
      // Nobody shows it: forget it, and the next screen that does loads it afresh.
      const { [key]: _old, ...rest } = this.entries;
      this.entries = rest;
      return false;
    }
    if (this.reloading.has(key)) this.again.add(key);
    else void this.load(key);
    return true;
  }

  /** Runs a change and reloads the group once the server took it (its frame reloads too; they coalesce). */
  async after<T>(key: string, call: Promise<T>): Promise<T> {
    const result = await call;
    this.changed(key);
    return result;
  }

  /** Loads (or reloads) a group's card and members. */
  load(key: string): Promise<void> {
    this.listen();
    if (!this.tracked(key)) this.patch(key, {});
    const running = this.reloading.get(key);
    if (running) return running;
    const generation = this.generation;
    const run = (async () => {
      try {
        // The members only when a screen on show needs them all (or nothing watches yet: a direct load).
        const roster = (this.rosterViews.get(key) ?? 0) > 0 || !this.views.get(key);
        const [info, members] = await Promise.all([fetchGroupInfo(key), roster ? fetchMembers(key) : this.get(key).members]);
        const revision = this.get(key).revision + 1;
        if (generation === this.generation) this.patch(key, { info, members, loaded: true, gone: info.role === 0 && !info.isJoin, revision });
      } catch {
        // The API client told the user; a group I am not in (any more) shows as gone.
        if (generation === this.generation) this.patch(key, { loaded: true });
      } finally {
        if (generation === this.generation) {
          this.reloading.delete(key);
          if (this.again.delete(key)) void this.load(key);
        }
      }
    })();
    this.reloading.set(key, run);
    return run;
  }
}

export const groupsStore = new GroupsStore();

/** A group's entry, loaded on first use and kept live while anything shows it. */
/** `roster` false: the screen does not need every member (the member list loads them a page at a time). */
export function useGroup(key: string | null, me: number, { roster = true }: { roster?: boolean } = {}): GroupEntry {
  useEffect(() => {
    if (me) groupsStore.setMe(me);
    if (!key) return;
    const unwatch = groupsStore.watch(key, roster);
    void groupsStore.load(key);
    return unwatch;
  }, [key, me, roster]);
  const snapshot = () => (key ? groupsStore.get(key) : EMPTY);
  return useSyncExternalStore(groupsStore.subscribe, snapshot, snapshot);
}
