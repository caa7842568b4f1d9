// The friends store: my pending received friend requests (the address book's badge) and a
// counter that moves whenever the requests may have changed, so a requests list on screen
// reloads by itself. Framework-free like the chat store, bound with useSyncExternalStore.
// Its sources: getContacts' envelope (the chat store reports it with every list), and the
// frames `simple` (a FriendApplyEvent for the 'system' inbox), `applyCount` (answered on another
// device), `appendContact` (became friends) and `removeGroup` (unfriended).
import { isMessageEvent } from '../../../../../worker/protocol/frames';
import type { FriendApplyEvent } from '../../../../../worker/protocol/people';
import { createStore } from '../../../lib/create-store';
import { realtime } from '../../../lib/realtime';
import { chatStore } from '../../chat';

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
  private unsubscribe: (() => void) | null = null;

  readonly subscribe = this.store.subscribe;
  readonly getState = this.store.get;
  readonly use = this.store.use;

  private get state(): FriendsState {
    return this.store.get();
  }

  private set(patch: Partial<FriendsState>, changed = true): void {
    this.store.set((s) => ({ ...s, ...patch, version: s.version + (changed ? 1 : 0) }));
  }

  start(): void {
    if (this.unsubscribe) return;
    const offs = [
      // A list that left the server before a request the socket already brought is older news: skip it.
      chatStore.onFriendRequests(({ count, newest }) => {
        if (newest >= this.state.newest) this.set({ pending: count, newest }, count !== this.state.pending);
      }),
      realtime.on('simple', ({ data }) => {
        if (isMessageEvent(data)) return;
        this.set({ pending: data.apply.count, newest: data.sendTime, lastApply: data });
      }),
      realtime.on('applyCount', ({ data }) => this.set({ pending: data.count, newest: data.page })),
      realtime.on('appendContact', () => this.set({})),
      realtime.on('removeGroup', () => this.set({})),
    ];
    this.unsubscribe = () => offs.forEach((off) => off());
  }

  /** Signing out: forget this user's count. */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.store.set(INITIAL);
  }

  /** I answered a request here: one fewer waits (the applyCount frame that follows agrees). */
  answered(): void {
    this.set({ pending: Math.max(0, this.state.pending - 1) });
  }
}

export const friendsStore = new FriendsStore();

export const useFriendsState = <T,>(select: (state: FriendsState) => T): T => friendsStore.use(select);
