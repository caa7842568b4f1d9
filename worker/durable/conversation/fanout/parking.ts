// Groups skip members who have no socket (groups of any size). A member's hub answers each
// delivery with whether the user had a socket open; a group hub (conversation/fanout/fanout.ts) then "parks" a member
// who had none: the events of a big group wait in its outbox for them instead of costing a call
// per message. The member's hub writes down which conversations parked it, and asks them for what
// waits (`resume`) when a socket opens or the chat list is read, so the event log and `sync` stay
// the only catch-up path a client needs. Parking lives in the group hub's memory only: after an
// eviction everyone is delivered to again and parked anew. Too many rows waiting for parked members
// go out to them, a few members per drain and one call each, which keeps the outbox small when
// members never come back. A parked member with a Web Push subscription still gets a call per
// message that would notify them (`notify`), which only builds that push.

import { mentions } from '../../../protocol/message-rules';
import type { StoredMessage } from '../../../protocol/messages';
import type { DeliveryReceipt, NotifyMode } from '../../contract';

/**
 * Events for at least this many members park: every group's (a call per member with no
 * socket, in a group of any size, was most of a message's cost), never a one-to-one chat's, whose
 * receiver's hub is called for every message.
 */
export const PARK_FROM = 3;
/** Rows waiting only for parked members beyond this are delivered to them anyway (one call each). */
export const PARKED_ROWS_MAX = 200;
/** How many parked members one drain releases when PARKED_ROWS_MAX is passed. */
export const RELEASE_PER_DRAIN = 5;

/**
 * The group hub's side. Times come from the member's hub: an "offline" receipt older than the
 * member's last resume was looked at before the socket opened and must not park them again.
 */
export class Parking {
  private readonly parked = new Set<number>();
  private readonly resumedAt = new Map<number, number>();
  /** Parked members who still hear of messages by Web Push: every one, or mentions only (a muted group). */
  private readonly notify = new Map<number, NotifyMode>();

  isParked(user: number): boolean {
    return this.parked.has(user);
  }

  /** Whether a parked member's hub is still to hear of `message`, to push it (their hub decides the rest). */
  notifies(user: number, message: StoredMessage): boolean {
    const mode = this.notify.get(user);
    if (!mode || message.from_user === user || message.is_undo) return false;
    return mode === 'all' || mentions(message.extends, user);
  }

  /** Whether a parked member still hears of things by Web Push (their hub decides what). */
  pushes(user: number): boolean {
    return this.parked.has(user) && this.notify.has(user);
  }

  get size(): number {
    return this.parked.size;
  }

  /** After a delivery of a big group's events: park a member whose hub had no socket open. */
  learn(user: number, receipt: DeliveryReceipt): void {
    if (receipt.online) return void this.forget(user);
    if (receipt.at <= (this.resumedAt.get(user) ?? 0)) return;
    this.parked.add(user);
    if (receipt.notify) this.notify.set(user, receipt.notify);
    else this.notify.delete(user);
  }

  /** The member's hub opened a socket (or read its chat list) at `at`: deliver to them again. */
  resume(user: number, at: number): void {
    this.forget(user);
    this.resumedAt.set(user, Math.max(at, this.resumedAt.get(user) ?? 0));
    // One entry per member who came back; a group far beyond the usual 500 forgets them all rather
    // than grow (the worst after that is one member parked by a late answer until their next resume).
    if (this.resumedAt.size > 2000) this.resumedAt.clear();
  }

  /** A member who just sent or read something is evidently here. */
  heard(user: number): void {
    this.forget(user);
  }

  /**
   * Too much waits for parked members: the `count` parked longest are delivered to again (and
   * parked anew, last in line, if still away). A few per drain, not all at once: 400 members each
   * taking 200 events in one round stalled the group's other deliveries for 1.6 s.
   */
  release(count: number): void {
    for (const user of [...this.parked].slice(0, count)) this.forget(user);
  }

  private forget(user: number): void {
    this.parked.delete(user);
    this.notify.delete(user);
  }
}
