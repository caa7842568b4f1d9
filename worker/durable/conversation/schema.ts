// The ConversationHub's tables, module by module, each brought up to date by its own named,
// append-only schema steps (durable/migrations.ts). The hub runs them as it wakes: at the current
// version that is one key-value read per module and no schema statement; a hub made before the
// steps were counted runs each step 1, which accepts the tables it finds and keeps their rows.
import { migrate } from '../migrations';
import { FANOUT_STEPS } from './fanout/rows';
import { GROUP_STEPS } from './group/store';
import { REACTION_STEPS } from './reactions';
import { MESSAGE_STEPS } from './rows';

export function migrateConversation(storage: DurableObjectStorage): void {
  migrate(storage, 'messages', MESSAGE_STEPS);
  migrate(storage, 'fanout', FANOUT_STEPS);
  migrate(storage, 'reactions', REACTION_STEPS);
  migrate(storage, 'groups', GROUP_STEPS);
}
