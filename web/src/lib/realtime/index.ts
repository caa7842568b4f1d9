// The app-level realtime connection: one socket per tab that every feature subscribes to.
import { TicketSchema } from '@protocol/responses';

import { ApiError, apiPost } from '../api-client';
import { storage } from '../storage';
import { RealtimeConnection } from './connection';
import { ServerUnreachable, SessionRefused } from './socket';

export { RealtimeConnection } from './connection';
export {
  ANSWER_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  readFrame,
  Realtime,
  type RealtimeStatus,
  RETRY_MS,
  ServerUnreachable,
  SessionRefused,
} from './socket';

/** A one-use ticket for the socket: no long-lived token ever goes in a URL. */
async function fetchTicket(): Promise<string> {
  try {
    return (
      await apiPost('/common/pub/wsTicket', { device_id: storage.getDeviceId() }, TicketSchema, { quietNetwork: true })
    ).ticket;
  } catch (error) {
    // The session is over (the api client shows why and signs out): no retries.
    if (error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'relogin'))
      throw new SessionRefused(error.message);
    if (error instanceof ApiError && error.kind === 'network') throw new ServerUnreachable(error.message);
    throw error;
  }
}

export const realtime = new RealtimeConnection(fetchTicket);
