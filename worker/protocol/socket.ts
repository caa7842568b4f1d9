// Socket frames, both directions (reference §3, ARCHITECTURE §3). The client pings with the
// exact text PING_FRAME so the Durable Object's auto-response answers without waking it.
import * as v from 'valibot';

export { EVENT_TYPES, type EventType } from './frames';

export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

export const ClientFrame = v.variant('type', [
  v.object({ type: v.literal('ping') }),
  v.object({ type: v.literal('pong') }),
  v.object({ type: v.literal('sync'), since: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);
export type ClientFrame = v.InferOutput<typeof ClientFrame>;

/** Largest replay a sync answers; a client further behind reloads its chat list instead. */
export const SYNC_MAX_EVENTS = 1000;
