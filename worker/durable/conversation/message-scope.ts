// What a conversation's hub asks about who may see what, for one call: a member's store, their
// sight (conversation/visibility.ts: a late joiner's floor), the members who may see a message, and the one
// door to a single message. Built per call from the hub's open stores; keeps the hub a router.
import { isManager } from '../../protocol/group-rules';
import type { StoredMessage } from '../../protocol/messages';
import { isGroupContact } from '../../services/conversations';
import type { Result } from '../contract';
import type { GroupStore } from './group/store';
import type { ConversationStore } from './store';
import { floorOf, revealed, type Sight, visibility } from './visibility';

export class MessageScope {
  constructor(
    readonly store: ConversationStore,
    /** The group's roles and settings; null for a one-to-one conversation. */
    private readonly groups: GroupStore | null,
  ) {}

  static of(store: ConversationStore, groups: () => GroupStore): MessageScope {
    return new MessageScope(store, isGroupContact(store.conversation) ? groups() : null);
  }

  /** The conversation's store when `user` is one of its members; null for anyone else. */
  memberStore(user: number): ConversationStore | null {
    return this.store.members().includes(user) ? this.store : null;
  }

  /** What `viewer` may see of this conversation: null sight for a non-member. */
  sightOf(viewer: number): Sight {
    if (!this.store.members().includes(viewer)) return null;
    const g = this.groups;
    return { floor: floorOf(g !== null, g?.group()?.setting, g?.member(viewer)?.join_time ?? 0) };
  }

  /** What `viewer` may read: a member's sight, or what a former member kept (read-only paths only). */
  readerSight(viewer: number): Sight {
    return this.sightOf(viewer) ?? this.groups?.formerSight(viewer) ?? null;
  }

  /** A single message for a path that only shows it (history's pages, a download, a forward's source). */
  revealToReader(viewer: number, find: (store: ConversationStore) => StoredMessage | null): Result<StoredMessage> {
    const sight = this.readerSight(viewer);
    return revealed(sight, sight ? find(this.store) : null);
  }

  /** The members who may see `message` (a late joiner never had it): a change to it goes to them only. */
  seers(message: StoredMessage): number[] {
    return this.store.members().filter((m) => visibility(this.sightOf(m), message) === 'shown');
  }

  /** The one door to a single message for `viewer`: its content, or the refusal a missing one gets. */
  reveal(viewer: number, find: (store: ConversationStore) => StoredMessage | null): Result<StoredMessage> {
    const sight = this.sightOf(viewer);
    return revealed(sight, sight ? find(this.store) : null);
  }

  /** A group's owner or admin (who may recall others' messages). */
  isManager(user: number): boolean {
    return this.groups !== null && isManager(this.groups.member(user));
  }
}
