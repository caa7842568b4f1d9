// The app-level realtime connection: one socket per tab that every feature subscribes to.
import { TicketSchema } from '@protocol/responses';

import { apiPost } from '../api-client';
import { storage } from '../storage';
import { RealtimeConnection } from './connection';

export { RealtimeConnection } from './connection';
export {
  ANSWER_TIMEOUT_MS,
  HEARTBEAT_MS,
  MAX_RETRIES,
  readFrame,
  Realtime,
  type RealtimeStatus,
  RETRY_MS,
} from './socket';

/** A one-use ticket for the socket (ARCHITECTURE §3): no long-lived token ever goes in a URL. */
async function fetchTicket(): Promise<string> {
  return (
    await apiPost('/common/pub/wsTicket', { device_id: storage.getDeviceId() }, TicketSchema, { quietNetwork: true })
  ).ticket;
}

export const realtime = new RealtimeConnection(fetchTicket);
