// ConversationHub: the single writer of one conversation's message log. It assigns the
// gap-free `seq`, de-duplicates on the client message id, answers history, and fans every
// change out to each member's UserHub through an outbox that survives crashes: an event
// leaves the outbox only after every member's hub acknowledged it, and an alarm retries.
// Each send is one storage commit here; deliveries are acknowledged in memory and deleted with
// the next commit, so a delivered message costs no second commit.
// The same alarm runs retention (chatInfo.msgClear) once a day; the send path never touches it.
import { DurableObject } from 'cloudflare:workers';
import type { StoredMessage } from '../protocol/messages';
import { canRecall, isResendBy, quoteOfMessage } from '../services/message-rules';
import { pairMembers } from '../services/conversations';
import { ConversationStore, type NewMessage } from './conversation-store';
import type { HubEvent, Result } from './hub-events';
import { userHub } from './stubs';
import { tendRetention } from './conversation-retention';

const RETRY_MS = 2000;
/** A safety net: if this object is evicted mid-delivery, the alarm resumes the outbox. */
const SAFETY_ALARM_MS = 30_000;

export class ConversationHub extends DurableObject<Env> {
  private store: ConversationStore | null = null;
  private draining: Promise<void> | null = null;
  private alarmArmed = false;
  /** Stubs of the members' hubs, reused across deliveries; one that failed is made anew. */
  private readonly hubs = new Map<number, ReturnType<typeof userHub>>();

  private hubOf(user: number) {
    let hub = this.hubs.get(user);
    if (!hub) {
      if (this.hubs.size >= 1000) this.hubs.clear();
      hub = userHub(this.env, user);
      this.hubs.set(user, hub);
    }
    return hub;
  }

  /** Opens the store for `conversation`; a one-to-one conversation knows its two members by name. */
  private open(conversation: string): ConversationStore {
    if (!this.store) {
      this.store = new ConversationStore(this.ctx.storage.sql, conversation);
      const pair = pairMembers(conversation);
      if (pair) this.store.addMembers(pair);
    }
    return this.store;
  }

  /** The conversation's store when `user` is one of its members; null for anyone else. */
  private memberStore(conversation: string, user: number): ConversationStore | null {
    const store = this.open(conversation);
    return store.members().includes(user) ? store : null;
  }

  async setMembers(conversation: string, members: number[]): Promise<number[]> {
    const store = this.open(conversation);
    store.addMembers(members);
    return store.members();
  }

  /** `input.pid` names a message of this conversation to quote (the client's own quote text is never used). */
  async send(conversation: string, input: NewMessage): Promise<Result<{ message: StoredMessage; duplicate: boolean }>> {
    const store = this.memberStore(conversation, input.from.id);
    if (!store) return { ok: false, key: 'im.notMember' };
    const members = store.members();
    const quote = input.pid > 0 ? quoteOfMessage(store.bySeq(input.pid)) : null;
    const toStore = input.pid > 0 ? { ...input, pid: quote?.msg_id ?? 0, extends: quote ? { quote } : null } : input;
    const message = this.write(store, () => {
      const stored = store.insert(toStore, Date.now());
      if (!stored) return null;
      store.setReadSeq(input.from.id, stored.seq);
      store.enqueue(members, { kind: 'message', conversation, message: stored });
      return stored;
    });
    if (!message) {
      const existing = store.byId(input.id)!;
      return isResendBy(existing, input.from.id) ? { ok: true, value: { message: existing, duplicate: true } } : { ok: false, key: 'system.parameterError' };
    }
    this.kick();
    return { ok: true, value: { message, duplicate: false } };
  }

  async history(conversation: string, viewer: number, query: { beforeSeq: number | null; limit: number; type?: string; keywords?: string; page: number }) {
    const store = this.memberStore(conversation, viewer);
    if (!store) return { ok: false as const, key: 'im.notMember' as const };
    const peerRead = store.othersReadSeq(viewer);
    const result = query.type
      ? store.search(query.type, query.keywords ?? '', query.page, query.limit)
      : { list: store.page(query.beforeSeq, query.limit), count: store.lastSeq() };
    return { ok: true as const, value: { ...result, peerRead } };
  }

  async isMember(conversation: string, user: number): Promise<boolean> {
    return this.memberStore(conversation, user) !== null;
  }

  async message(conversation: string, viewer: number, seq: number): Promise<Result<StoredMessage>> {
    const store = this.memberStore(conversation, viewer);
    if (!store) return { ok: false, key: 'im.notMember' };
    const found = store.bySeq(seq);
    return found && !found.is_undo ? { ok: true, value: found } : { ok: false, key: 'im.exist' };
  }

  async markRead(conversation: string, reader: number): Promise<Result<{ readSeq: number }>> {
    const store = this.memberStore(conversation, reader);
    if (!store) return { ok: false, key: 'im.notMember' };
    const members = store.members();
    const before = store.readSeq(reader);
    const last = store.lastSeq();
    if (last > before) {
      this.write(store, () => {
        const ids = store.idsBetween(before, last, reader);
        store.setReadSeq(reader, last);
        store.enqueue(members, { kind: 'read', key: `r:${conversation}:${reader}:${last}`, conversation, reader, readSeq: last, ids });
      });
      this.kick();
    }
    return { ok: true, value: { readSeq: Math.max(before, last) } };
  }

  /** The recalled message, and the file it carried (which the caller releases). */
  async recall(conversation: string, actor: number, id: string, redoSeconds: number): Promise<Result<{ message: StoredMessage; fileId: number | null }>> {
    const store = this.memberStore(conversation, actor);
    if (!store) return { ok: false, key: 'im.notMember' };
    const members = store.members();
    const found = store.byId(id);
    if (!found) return { ok: false, key: 'im.exist' };
    const verdict = canRecall(found, actor, redoSeconds);
    if (verdict !== 'ok') return { ok: false, key: verdict };
    const undone = this.write(store, () => {
      const updated = store.markUndone(found.seq)!;
      store.enqueue(members, { kind: 'undo', key: `u:${conversation}:${found.seq}`, conversation, message: updated });
      return updated;
    });
    this.kick();
    return { ok: true, value: { message: undone, fileId: found.file?.file_id ?? null } };
  }

  /**
   * The one alarm serves the outbox (safety net and retries) and retention. Every write enqueues an
   * outbox row and so arms the safety alarm; this handler therefore runs after every write, and is
   * where retention is first scheduled, keeping the send path free of it. Whichever purpose set the
   * alarm, it does all that is due and leaves the alarm at the earliest time still pending.
   */
  override async alarm(): Promise<void> {
    this.alarmArmed = false;
    if (!this.store) {
      // After an eviction the store is reopened lazily; the outbox rows or the meta table name the conversation.
      const conversation = ConversationStore.conversationOf(this.ctx.storage.sql);
      if (!conversation) return;
      this.open(conversation);
    }
    const store = this.store!;
    await this.startDrain();
    this.write(store, () => undefined);
    const pruneAt = await tendRetention(this.env, store, (body) => this.write(store, body));
    // Retention may have queued events (members' unread counts); they go out now.
    await this.startDrain();
    // One alarm serves all: the earliest of retention and a retry or safety alarm armed meanwhile
    // (each run does the outbox's work and re-arms the rest).
    if (pruneAt !== null) {
      const armed = this.alarmArmed ? await this.ctx.storage.getAlarm() : null;
      if (armed === null || pruneAt < armed) await this.ctx.storage.setAlarm(pruneAt);
    }
  }

  /**
   * One storage transaction that also deletes the outbox rows delivered since the last one. If it
   * fails, the store forgets what it held in memory and reads the table again.
   */
  private write<T>(store: ConversationStore, body: () => T): T {
    try {
      return this.ctx.storage.transactionSync(() => {
        store.flushAcknowledged();
        return body();
      });
    } catch (error) {
      store.forgetMemory();
      throw error;
    }
  }

  /** Starts draining unless a drain is running; the running one picks up new rows itself. */
  private kick(): void {
    this.armSafetyAlarm();
    void this.startDrain();
  }

  /**
   * Armed whenever rows wait in the outbox or wait to leave it, so acknowledged rows are deleted
   * within SAFETY_ALARM_MS even if this conversation writes nothing more; otherwise they could be
   * delivered again long after the members' hubs stopped remembering their keys.
   */
  private armSafetyAlarm(): void {
    if (this.alarmArmed) return;
    this.alarmArmed = true;
    void this.ctx.storage.setAlarm(Date.now() + SAFETY_ALARM_MS);
  }

  /** One drain at a time; a running one picks up rows added meanwhile. */
  private startDrain(): Promise<void> {
    this.draining ??= this.drain().finally(() => (this.draining = null));
    return this.draining;
  }

  private async drain(): Promise<void> {
    const store = this.store!;
    for (let batch = store.pending(); batch.length > 0; batch = store.pending()) {
      const byUser = new Map<number, { ids: number[]; events: HubEvent[]; ownOnly: boolean }>();
      for (const row of batch) {
        for (const user of row.waiting) {
          const entry = byUser.get(user) ?? { ids: [], events: [], ownOnly: true };
          entry.ids.push(row.id);
          entry.events.push(row.event);
          entry.ownOnly &&= actorOf(row.event) === user;
          byUser.set(user, entry);
        }
      }
      // The people who did not cause these events hear of them first; the actors' own copies
      // (their other devices and chat lists) follow, so they never hold up a receiver.
      const entries = [...byUser];
      const failed = (await this.deliverTo(entries.filter(([, e]) => !e.ownOnly))) + (await this.deliverTo(entries.filter(([, e]) => e.ownOnly)));
      if (failed > 0) {
        console.warn('delivery failed; retrying from an alarm', this.conversation);
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
        this.alarmArmed = true;
        return;
      }
    }
  }

  /** Delivers to each member's hub in parallel, acknowledges what arrived, and counts what did not. */
  private async deliverTo(entries: [number, { ids: number[]; events: HubEvent[] }][]): Promise<number> {
    if (entries.length === 0) return 0;
    const results = await Promise.allSettled(entries.map(([user, entry]) => this.hubOf(user).deliver(user, entry.events)));
    const delivered = entries.filter((_, i) => results[i]!.status === 'fulfilled').map(([user, entry]) => ({ user, ids: entry.ids }));
    for (const [user] of entries.filter((_, i) => results[i]!.status === 'rejected')) this.hubs.delete(user);
    this.store!.acknowledge(delivered);
    if (delivered.length > 0) this.armSafetyAlarm();
    return entries.length - delivered.length;
  }

  private get conversation() {
    return this.store?.conversation ?? '?';
  }
}

/** Who caused an event: the sender of a message or recall, the reader of a read mark; nobody for retention. */
function actorOf(event: HubEvent): number {
  if (event.kind === 'pruned') return 0;
  return event.kind === 'read' ? event.reader : event.message.from_user;
}
