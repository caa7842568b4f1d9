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

/** A legacy socket's bindUid was refused (bad, revoked or outdated token, or another user's id); an error frame says why. */
export const BIND_REFUSED_CLOSE_CODE = 4003;
/** A legacy socket not bound within LEGACY_BIND_MS of opening. */
export const UNBOUND_CLOSE_CODE = 4004;

/**
 * A legacy socket's device, as the Worker names it in the hub's ticket: its hub socket's client id
 * is then the one its `init` gave, so the `offline` notice to the user's other sockets names it.
 * The original web client compares that id with the one it keeps in storage, which its newest
 * socket in the same browser overwrote: another tab or screen of that browser is not "elsewhere".
 */
export const LEGACY_DEVICE_PREFIX = 'legacy-';

/**
 * What the original clients send on a socket opened without a ticket: the three
 * frames that server understood. `token` is the login's authToken, `bearer …` or bare.
 */
export const LegacyClientFrame = v.variant('type', [
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong') }),
  v.object({
    type: v.literal('bindUid'),
    user_id: v.union([v.number(), v.pipe(v.string(), v.maxLength(20))]),
    token: v.pipe(v.string(), v.maxLength(4096)),
  }),
]);

/** The frames only a legacy socket gets: its id at once, the server's ping, and pong with multiport. */
export const LegacyServerFrame = v.variant('type', [
  v.object({ type: v.literal('init'), client_id: v.string() }),
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong'), multiport: v.boolean() }),
]);

/** Largest replay a sync answers; a client further behind reloads its chat list instead. */
export const SYNC_MAX_EVENTS = 1000;
