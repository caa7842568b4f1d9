// A ConversationHub's fan-out: its outbox, the drain to the members' UserHubs, and the alarm that retries.
// An event is written in the same transaction as the change it reports, so a crash loses nothing,
// and leaves the outbox only once every member's hub has it. Its rows and their table: conversation/fanout/rows.ts.
import { applyProjections } from '../../../db/group-projection';
import { type HubEvent, isReceipt } from '../../contract';
import { userHub } from '../../stubs';
import { PARKED_ROWS_MAX, Parking, RELEASE_PER_DRAIN } from './parking';
import { deleteRows, insertRow, type OutboxRow, type Parcel, parcelsOf, readOutbox } from './rows';

/**
 * The pseudo-member a group's D1 projection is delivered to: its rows ride the same outbox, retries
 * and alarm as the members' events, so D1 converges on the hub's state after an eviction.
 */
export const PROJECTION = 0;

/** Whatever a parcel is delivered to: a member's hub, or the D1 projection. */
interface Receiver {
  deliver(user: number, events: HubEvent[], parkable?: boolean): Promise<unknown>;
  /** A message for a parked member, only to build their Web Push (conversation/fanout/parking.ts notify). */
  pushNote?(user: number, event: HubEvent): Promise<void>;
}

const RETRY_MS = 2000;
/** A safety net: if the hub is evicted mid-delivery, the alarm resumes the outbox. */
const SAFETY_ALARM_MS = 30_000;
/** Rows a drain hands over per round; later rows wait for the next round. */
const BATCH = 500;

export class Fanout {
  // The outbox is mirrored in memory: the drain reads what was just written from here instead of
  // reading it back, and a row every member acknowledged leaves the table in the next write the hub
  // makes anyway (or at the safety alarm) rather than in a commit of its own. After an eviction a
  // row goes to all its members again, acknowledged or not, and their hubs ignore what they have.
  private queue: OutboxRow[] | null = null;
  private acknowledged: number[] = [];
  private draining: Promise<void> | null = null;
  private armed = false;
  /** Stubs of the members' hubs, reused across deliveries; one that failed is made anew. */
  private readonly hubs = new Map<number, Receiver>();
  /** Members of a big group with no socket: its events wait for them (conversation/fanout/parking.ts). */
  private readonly parking = new Parking();

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly onWriteFailed: () => void,
    /** What one member's copy of an event adds (their unread count), worked out as it leaves. */
    private readonly personalize: (user: number, event: HubEvent) => HubEvent = (_user, event) => event,
  ) {}

  /** Whether `user`'s hub may have a socket open: not parked (conversation/fanout/parking.ts), or never delivered to since a wake. */
  mayHaveSocket(user: number): boolean {
    return !this.parking.isParked(user);
  }

  /** An alarm is set for the outbox (retry or safety net); the hub combines it with retention's. */
  get alarmArmed(): boolean {
    return this.armed;
  }

  /** The conversation of an evicted hub that wakes to an alarm, named by any event still waiting. */
  conversation(): string | null {
    return this.outbox()[0]?.event.conversation ?? null;
  }

  /**
   * One storage transaction that also deletes the rows acknowledged since the last one. If it
   * fails, the memory (here and the hub's) is forgotten and the tables are read again.
   */
  write<T>(body: () => T): T {
    try {
      return this.ctx.storage.transactionSync(() => {
        this.flushAcknowledged();
        return body();
      });
    } catch (error) {
      this.queue = null;
      this.acknowledged = [];
      this.onWriteFailed();
      throw error;
    }
  }

  /** One row for the event, however many members it goes to; call it inside `write`. */
  enqueue(users: number[], event: HubEvent): void {
    this.outbox().push(insertRow(this.ctx.storage.sql, users, event));
  }

  /**
   * After a write that enqueued: delivers once the current call has answered, with the safety alarm
   * behind it. Starting the drain in the same turn would issue one call per member (500 in a big
   * group) before the sender's answer leaves; the answer follows the commit, never the deliveries.
   */
  kick(): void {
    this.armSafetyAlarm();
    setTimeout(() => void this.drain(), 0);
  }

  /** Events some member who is not parked has yet to acknowledge (tests wait for 0). */
  waiting(): number {
    return this.deliverable().length;
  }

  /** Events kept for parked members (tests). */
  parkedRows(): number {
    return this.outbox().filter((row) => row.waiting.some((user) => this.skips(row, user))).length;
  }

  /**
   * `user`'s hub opened a socket or read its chat list at `at` (its own clock): what waits for them
   * goes now, and an older "no socket" answer no longer parks them. Resolves once delivered.
   */
  resume(user: number, at: number): Promise<void> {
    this.parking.resume(user, at);
    return this.drain();
  }

  /** `user` sent or read something here: they are around, so what waits for them goes with the next drain. */
  heard(user: number): void {
    this.parking.heard(user);
  }

  /** The alarm's share: delivers what waits (retrying failures later) and deletes what was acknowledged. */
  async onAlarm(): Promise<void> {
    this.armed = false;
    await this.drain();
    this.write(() => undefined);
  }

  /** One drain at a time; a running one picks up rows added meanwhile. */
  drain(): Promise<void> {
    this.draining ??= this.deliverAll().finally(() => (this.draining = null));
    return this.draining;
  }

  /** The table is made (or migrated) when first read, so a hub that never fans out never has one. */
  private outbox(): OutboxRow[] {
    if (this.queue) return this.queue;
    this.queue = readOutbox(this.ctx.storage.sql);
    return this.queue;
  }

  private skips(row: OutboxRow, user: number): boolean {
    return row.parkable && this.parking.isParked(user);
  }

  /**
   * Rows someone who is not parked still waits for. When too many wait for parked members alone
   * (`release`: once per drain), a few of those members are unparked: they get it all in one call
   * each (and are parked again if still away), so the outbox never grows with members who never
   * come back.
   */
  private deliverable(release = false): OutboxRow[] {
    this.dropParkedMessages();
    const queue = this.outbox();
    if (this.parking.size === 0) return queue;
    const live = () => queue.filter((row) => row.waiting.some((user) => !this.skips(row, user)));
    const rows = live();
    if (!release || queue.length - rows.length <= PARKED_ROWS_MAX) return rows;
    this.parking.release(RELEASE_PER_DRAIN);
    return live();
  }

  private async deliverAll(): Promise<void> {
    for (
      let batch = this.deliverable(true).slice(0, BATCH);
      batch.length > 0;
      batch = this.deliverable().slice(0, BATCH)
    ) {
      const byUser = parcelsOf(batch, (row, user) => this.skips(row, user));
      // The people who did not cause these events hear of them first; the actors' own copies
      // (their other devices and chat lists) follow, so they never hold up a receiver.
      const parcels = [...byUser];
      const failed =
        (await this.deliverTo(parcels.filter(([, p]) => !p.ownOnly))) +
        (await this.deliverTo(parcels.filter(([, p]) => p.ownOnly)));
      if (failed > 0) {
        console.warn('delivery failed; retrying from an alarm', batch[0]!.event.conversation);
        await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
        this.armed = true;
        return;
      }
    }
  }

  /** Delivers to each member's hub in parallel, acknowledges what arrived, and counts what did not. */
  private async deliverTo(parcels: [number, Parcel][]): Promise<number> {
    if (parcels.length === 0) return 0;
    const results = await Promise.allSettled(
      parcels.map(([user, parcel]) =>
        this.hubOf(user).deliver(
          user,
          parcel.events.map((event) => this.personalize(user, event)),
          parcel.parkable,
        ),
      ),
    );
    results.forEach((result, i) => {
      const [user, parcel] = parcels[i]!;
      if (parcel.parkable && result.status === 'fulfilled' && isReceipt(result.value))
        this.parking.learn(user, result.value);
    });
    const delivered = parcels.filter((_, i) => results[i]!.status === 'fulfilled');
    for (const [user] of parcels.filter((_, i) => results[i]!.status === 'rejected')) this.hubs.delete(user);
    this.acknowledge(delivered);
    if (delivered.length > 0) this.armSafetyAlarm();
    return parcels.length - delivered.length;
  }

  /**
   * A message is only a live frame to a member's hub (their chat list asks the group), so a parked
   * member, who has no socket, is not kept waiting for one: only the group's other events wait.
   */
  private dropParkedMessages(): void {
    if (this.parking.size === 0) return;
    const notes: [number, HubEvent][] = [];
    this.queue = this.outbox().filter((row) => {
      const event = row.event;
      if (event.kind !== 'message' || !row.parkable) return true;
      row.waiting = row.waiting.filter((user) => {
        if (!this.parking.isParked(user)) return true;
        if (this.parking.notifies(user, event.message)) notes.push([user, event]);
        return false;
      });
      if (row.waiting.length > 0) return true;
      this.acknowledged.push(row.id);
      return false;
    });
    // A parked member who would be notified hears of it by Web Push; their hub builds it.
    if (notes.length > 0)
      this.ctx.waitUntil(
        Promise.allSettled(
          notes.map(([user, event]) => this.hubOf(user).pushNote?.(user, this.personalize(user, event))),
        ),
      );
  }

  /** An event that may notify a parked member (a reaction to their message): their hub builds the push. */
  pushParked(user: number, event: HubEvent): void {
    if (this.parking.pushes(user)) this.ctx.waitUntil(Promise.resolve(this.hubOf(user).pushNote?.(user, event)));
  }

  /** A row every member has leaves the queue now and the table with the next write. */
  private acknowledge(delivered: [number, Parcel][]): void {
    const byRow = new Map<number, Set<number>>();
    for (const [user, { ids }] of delivered)
      for (const id of ids) byRow.set(id, (byRow.get(id) ?? new Set()).add(user));
    if (byRow.size === 0) return;
    this.queue = this.outbox().filter((row) => {
      const users = byRow.get(row.id);
      if (!users) return true;
      row.waiting = row.waiting.filter((u) => !users.has(u));
      if (row.waiting.length > 0) return true;
      this.acknowledged.push(row.id);
      return false;
    });
  }

  private flushAcknowledged(): void {
    const ids = this.acknowledged;
    this.acknowledged = [];
    deleteRows(this.ctx.storage.sql, ids);
  }

  /**
   * Armed whenever rows wait in the outbox or wait to leave it, so acknowledged rows are deleted
   * within SAFETY_ALARM_MS even if the conversation writes nothing more; otherwise they could be
   * delivered again long after the members' hubs stopped remembering their keys.
   */
  private armSafetyAlarm(): void {
    if (this.armed) return;
    this.armed = true;
    void this.ctx.storage.setAlarm(Date.now() + SAFETY_ALARM_MS);
  }

  private hubOf(user: number): Receiver {
    if (user === PROJECTION) {
      const db = this.env.DB;
      return {
        deliver: (_user, events) =>
          applyProjections(
            db,
            events.flatMap((e) => (e.kind === 'projection' ? [e.projection] : [])),
          ),
      };
    }
    let hub = this.hubs.get(user);
    if (!hub) {
      if (this.hubs.size >= 1000) this.hubs.clear();
      hub = userHub(this.env, user);
      this.hubs.set(user, hub);
    }
    return hub;
  }
}
