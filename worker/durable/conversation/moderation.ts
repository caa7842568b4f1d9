// An operator hides a reported message for everyone who has it: the same path as
// a recall (conversation/writes.ts writeUndo: every device and chat list hears of it live), marked
// `moderated`, so each says "This message was removed by an operator" rather than who recalled it.
// Its file is released by the caller, as a recall's is.
import type { StoredMessage } from '../../protocol/messages';
import type { Result } from '../contract';
import type { Fanout } from './fanout/fanout';
import type { ConversationStore } from './store';
import { writeUndo } from './writes';

/** The hidden message, and the file it carried (which the caller releases). */
export type Hidden = Result<{ message: StoredMessage; fileId: number | null }>;

export function hideMessage(
  store: ConversationStore,
  fanout: Fanout,
  seq: number,
  seers: (message: StoredMessage) => number[],
): Hidden {
  const found = store.bySeq(seq);
  if (!found) return { ok: false, key: 'system.parameterError' };
  // Hidden or recalled already: nothing more to tell anyone.
  if (found.is_undo) return { ok: true, value: { message: found, fileId: null } };
  return { ok: true, value: writeUndo(store, fanout, found, null, seers(found), true) };
}
