// The friends store: my pending received friend requests (the address book's badge) and a
// counter that moves whenever the requests may have changed, so a requests list on screen
// reloads by itself. Framework-free like the chat store (lib/create-store). The signed-in
// session feeds it: getContacts' envelope (reported), and the frames `simple` (a FriendApplyEvent
// for the 'system' inbox), `applyCount` (answered on another device), `appendContact` (became
// friends) and `removeGroup` (unfriended).
import type { FriendApplyEvent } from '../../../../../worker/protocol/people';
import { createStore } from '../../../lib/create-store';

export interface FriendsState {
  /** Requests to me still waiting for my answer. */
  pending: number;
  /** The newest request's time (ms), 0 when unknown. */
  newest: number;
  /** Moves on every change to the requests (a new one, one answered, friends made or lost). */
  version: number;
  /** The latest request that arrived live, for whoever shows it. */
  lastApply: FriendApplyEvent | null;
}

const INITIAL: FriendsState = { pending: 0, newest: 0, version: 0, lastApply: null };

export class FriendsStore {
  private readonly store = createStore<FriendsState>(INITIAL);
  readonly subscribe = this.store.subscribe;
  readonly getState = this.store.get;
  readonly use = this.store.use;

  private set(patch: Partial<FriendsState>, changed = true): void {
    this.store.set((s) => ({ ...s, ...patch, version: s.version + (changed ? 1 : 0) }));
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

export const useFriendsState = <T,>(select: (state: FriendsState) => T): T => friendsStore.use(select);
