// A conversation's events reaching this user's hub: each becomes frames for the open sockets (a
// message a live frame, never logged; the rest logged for replay) and, without a socket, a Web
// Push where it would notify. A redelivered event changes nothing (messages by seq, the rest by
// key). The receipt says whether a socket was open: a big group keeps its next events for a user
// with none until this hub asks for them (conversation/fanout/parking.ts, user/parked.ts).
import type { PushNote } from '../../providers/web-push';
import type { DeliveryReceipt, HubEvent } from '../contract';
import { applyHubEvent, messageFrames } from './chat-events';
import { type UserParts, write } from './parts';
import { addedNote, messageNote, notifyMode, reactionNote } from './push-notes';

export async function deliverEvents(
  parts: UserParts,
  uid: number,
  events: HubEvent[],
  parkable: boolean,
): Promise<DeliveryReceipt> {
  const { chats, log, sockets, parked, pushes, ctx } = parts;
  const online = sockets.online();
  const notes: PushNote[] = [];
  const apply = () => {
    if (parkable && !online && events[0]) parked.park(events[0].conversation);
    return events.flatMap((event) => {
      if (event.kind !== 'message') {
        const frames = applyHubEvent(chats, uid, event);
        const note = !online && frames.length > 0 ? (addedNote(uid, event) ?? reactionNote(chats, uid, event)) : null;
        if (note) notes.push(note);
        return frames.map((o) => log.log(o));
      }
      const frames = messageFrames(chats, uid, event);
      // Without a socket the user hears of it by Web Push (once: a redelivery has no frames).
      const note = !online && frames.length > 0 ? messageNote(chats, uid, event) : null;
      if (note) notes.push(note);
      return frames.map((o) => log.unlogged(o));
    });
  };
  // Messages alone write at most a chat's row (a new or unhidden chat): no transaction around them.
  const out = events.every((e) => e.kind === 'message') && !(parkable && !online) ? apply() : write(parts, apply);
  sockets.broadcast(out);
  // The conversation's hub never waits for a push service.
  if (notes.length > 0) ctx.waitUntil(pushes.send(uid, notes));
  const at = Date.now();
  if (online || !parkable || !events[0]) return { frames: out.length, online, at };
  // A group parks a user without a socket; it still sends them, as a push, what would notify them.
  const notify = (await pushes.reachable(uid)) ? notifyMode(chats, uid, events[0].conversation) : undefined;
  return { frames: out.length, online, at, ...(notify ? { notify } : {}) };
}

/** A message (or a reaction) of a group that parked this user (its `notify`): a Web Push if it notifies them, nothing else. */
export function pushParked(parts: UserParts, uid: number, event: HubEvent): void {
  if (parts.sockets.online()) return;
  const note = event.kind === 'message' ? messageNote(parts.chats, uid, event) : reactionNote(parts.chats, uid, event);
  if (note) parts.ctx.waitUntil(parts.pushes.send(uid, [note]));
}
