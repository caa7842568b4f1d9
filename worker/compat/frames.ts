// The original client's socket frames, both directions, and the close codes only its socket gets
// (Parley's own, 4000–4002, are in protocol/socket.ts).
import * as v from 'valibot';

/** The bindUid frame was refused (bad, revoked or outdated token, or another user's id); an error frame says why. */
export const BIND_REFUSED_CLOSE_CODE = 4003;
/** A socket not bound within BIND_WITHIN_MS of opening. */
export const UNBOUND_CLOSE_CODE = 4004;

/**
 * What the original clients send on a socket opened without a ticket: the three
 * frames that server understood. `token` is the login's authToken, `bearer …` or bare.
 */
export const OriginalClientFrame = v.variant('type', [
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong') }),
  v.object({
    type: v.literal('bindUid'),
    user_id: v.union([v.number(), v.pipe(v.string(), v.maxLength(20))]),
    token: v.pipe(v.string(), v.maxLength(4096)),
  }),
]);

/** The frames only the original client's socket gets: its id at once, the server's ping, and pong with multiport. */
export const OriginalServerFrame = v.variant('type', [
  v.object({ type: v.literal('init'), client_id: v.string() }),
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong'), multiport: v.boolean() }),
]);
