// The friends store: my pending received friend requests (the address book's badge); whenever
// the requests may have changed, a requests list on screen reloads by itself (its query is
// invalidated). Framework-free like the chat store (lib/create-store). The signed-in session
// feeds it: getContacts' envelope (reported), and the frames `simple` (a FriendApplyEvent for the
// 'system' inbox), `applyCount` (answered on another device), `appendContact` (became friends)
// and `removeGroup` (unfriended).
import type { FriendApplyEvent } from '@protocol/people';
import { createStore } from '@web/lib/create-store';
import { queryClient } from '@web/lib/query-client';

/** The requests list's query (hooks/use-friend-requests): received, or sent (`mine`). */
export const requestsKey = (mine?: boolean) => (mine === undefined ? ['friendRequests'] : ['friendRequests', mine]);

export interface FriendsState {
  /** Requests to me still waiting for my answer. */
  pending: number;
  /** The newest request's time (ms), 0 when unknown. */
  newest: number;
  /** The latest request that arrived live, for whoever shows it. */
  lastApply: FriendApplyEvent | null;
}

const INITIAL: FriendsState = { pending: 0, newest: 0, lastApply: null };

export class FriendsStore {
  private readonly store = createStore<FriendsState>(INITIAL);
  readonly subscribe = this.store.subscribe;
  readonly getState = this.store.get;
  readonly use = this.store.use;

  /** `changed`: the requests themselves may have changed (a new one, one answered, friends made or lost). */
  private set(patch: Partial<FriendsState>, changed = true): void {
    this.store.set((s) => ({ ...s, ...patch }));
    if (changed) void queryClient().invalidateQueries({ queryKey: requestsKey() });
  }

  /** The count a chat list's envelope carried. A list that left the server before a request the socket already brought is older news: skipped. */
  reported({ count, newest }: { count: number; newest: number }): void {
    const s = this.store.get();
    if (newest >= s.newest) this.set({ pending: count, newest }, count !== s.pending);
  }

  /** A request arrived live (the `simple` frame for the 'system' inbox). */
  applied(apply: FriendApplyEvent): void {
    this.set({ pending: apply.apply.count, newest: apply.sendTime, lastApply: apply });
  }

  /** applyCount: the count after an answer on another device. */
  counted({ count, page }: { count: number; page: number }): void {
    this.set({ pending: count, newest: page });
  }

  /** Friends made or lost: a requests list on screen reloads. */
  changed(): void {
    this.set({});
  }

  /** Signing out: forget this user's count. */
  stop(): void {
    this.store.set(INITIAL);
  }

  /** I answered a request here: one fewer waits (the applyCount frame that follows agrees). */
  answered(): void {
    this.set({ pending: Math.max(0, this.store.get().pending - 1) });
  }
}

export const friendsStore = new FriendsStore();

export const useFriendsState = <T>(select: (state: FriendsState) => T): T => friendsStore.use(select);
