// What a UserHub's operations work on: its modules, and the object's own state and bindings. The
// hub builds them once as it wakes; its longer operations (user/delivery.ts, user/socket-open.ts)
// take them whole, as a group's operations take their parts (conversation/group/parts.ts).
import type { CallStore } from './call/store';
import type { ChatList } from './chat-list';
import type { EventLog } from './event-log';
import type { Parked } from './parked';
import type { Presence } from './presence';
import type { PushQueue } from './push-queue';
import type { Sockets } from './sockets';

export interface UserParts {
  ctx: DurableObjectState;
  env: Env;
  chats: ChatList;
  log: EventLog;
  sockets: Sockets;
  presence: Presence;
  parked: Parked;
  calls: CallStore;
  pushes: PushQueue;
}

/** A storage transaction; if it fails, the modules read their rows again instead of trusting their memory. */
export function write<T>(parts: UserParts, body: () => T): T {
  try {
    return parts.ctx.storage.transactionSync(body);
  } catch (error) {
    parts.chats.forgetMemory();
    parts.log.forgetMemory();
    throw error;
  }
}
