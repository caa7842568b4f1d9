// Socket frames, both directions. The client pings with the
// exact text PING_FRAME so the Durable Object's auto-response answers without waking it.
import * as v from 'valibot';

export { EVENT_TYPES, type EventType } from './frames';

/**
 * A phone or tablet, by its user agent. The hub marks each socket with it (the `offline` frame's
 * isMobile) and the web app its own device, so both agree on when a newer phone login replaces an
 * older one (multipleLogin off).
 */
export const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile/i;

export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

/**
 * I am typing (or stopped) in a chat: a person's user id or `group-N`. The client sends it
 * at most once every TYPING_RENEW_MS while typing; the other side forgets it after TYPING_EXPIRE_MS.
 */
const TypingFrame = v.object({
  type: v.literal('typing'),
  toContactId: v.union([
    v.pipe(v.number(), v.integer(), v.minValue(1)),
    v.pipe(v.string(), v.minLength(1), v.maxLength(40)),
  ]),
  typing: v.boolean(),
});
export type TypingFrame = v.InferOutput<typeof TypingFrame>;
export const TYPING_RENEW_MS = 3000;
export const TYPING_EXPIRE_MS = 6000;

export const ClientFrame = v.variant('type', [
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong') }),
  v.object({ type: v.literal('sync'), since: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  TypingFrame,
]);
export type ClientFrame = v.InferOutput<typeof ClientFrame>;

// Close codes of the hub (4000–4999 are the application's own); the web client acts on each.
/** Silent for two minutes (no ping answered): the client reconnects as after any drop. */
export const SILENT_CLOSE_CODE = 4000;
/** The session ended (logout, logout everywhere, password change, disabled account, expired token): the client signs out. */
export const SESSION_ENDED_CLOSE_CODE = 4001;
/** The oldest socket, closed because the user opened more than the allowed number: the client waits until it is looked at again. */
export const REPLACED_CLOSE_CODE = 4002;

/**
 * A device id that names its socket's client id: the ticket's device `named-<id>` gives the hub's
 * socket the client id `<id>` (its `offline` notice to the user's other sockets names it) instead of
 * a fresh one. worker/compat/socket.ts names each socket it relays so.
 */
export const NAMED_DEVICE_PREFIX = 'named-';

/** Largest replay a sync answers; a client further behind reloads its chat list instead. */
export const SYNC_MAX_EVENTS = 1000;
