// The writes to a conversation's log after the hub has checked who may make them: each change is
// stored and its events enqueued in one fan-out write (conversation/fanout/fanout.ts), then sent on their way.
import type { StoredMessage } from '../../protocol/messages';
import { isGroupContact } from '../../services/conversations';
import { isResendBy } from '../../services/message-handling';
import type { Result } from '../contract';
import type { Fanout } from './fanout/fanout';
import { dropReactions } from './reactions';
import type { NewMessage } from './rows';
import type { ConversationStore } from './store';

/**
 * Stores a message for `members`; a resend of a stored one answers that one. Its sender has read
 * it without a write of their mark (conversation/read-marks.ts), so a message is its row and its event's.
 */
export function writeMessage(
  store: ConversationStore,
  fanout: Fanout,
  toStore: NewMessage,
  members: number[],
  chatName: string | undefined,
): Result<{ message: StoredMessage; duplicate: boolean }> {
  const { conversation } = store;
  const message = fanout.write(() => {
    const stored = store.insert(toStore, Date.now());
    if (!stored) return null;
    fanout.enqueue(members, {
      kind: 'message',
      conversation,
      message: stored,
      ...(chatName ? { chatName } : {}),
    });
    return stored;
  });
  if (!message) {
    const existing = store.byId(toStore.id)!;
    return isResendBy(existing, toStore.from.id)
      ? { ok: true, value: { message: existing, duplicate: true } }
      : { ok: false, key: 'system.parameterError' };
  }
  fanout.kick();
  return { ok: true, value: { message, duplicate: false } };
}

/** `reader` read through the newest message; the other members hear of it. */
export function writeRead(store: ConversationStore, fanout: Fanout, reader: number): { readSeq: number } {
  const { conversation } = store;
  const members = store.members();
  const before = store.readSeq(reader);
  const last = store.lastSeq();
  if (last > before) {
    fanout.write(() => {
      store.setReadSeq(reader, last);
      if (isGroupContact(conversation)) enqueueGroupRead(store, fanout, reader, last);
      else {
        const ids = store.idsBetween(before, last, reader);
        fanout.enqueue(members, {
          kind: 'read',
          key: `r:${conversation}:${reader}:${last}`,
          conversation,
          reader,
          readSeq: last,
          ids,
        });
      }
    });
    fanout.kick();
  }
  return { readSeq: Math.max(before, last) };
}

/**
 * A group read goes to the reader's own hub (their other devices clear the badge) and, with a count
 * of the members who have read it, to the author of the newest message read: two deliveries
 * whatever the group's size, never one per member (docs/decisions/0043).
 */
function enqueueGroupRead(store: ConversationStore, fanout: Fanout, reader: number, readSeq: number): void {
  const author = store.bySeq(readSeq)?.from_user ?? reader;
  const users = author !== reader && store.members().includes(author) ? [author, reader] : [reader];
  const readers = store.readersThrough(readSeq, author);
  const { conversation } = store;
  fanout.enqueue(users, {
    kind: 'groupRead',
    key: `r:${conversation}:${reader}:${readSeq}`,
    conversation,
    reader,
    readSeq,
    readers,
  });
}

/** Recalls `found` (`by`: who recalled someone else's) for `members`; answers it with the file it carried. */
export function writeUndo(
  store: ConversationStore,
  fanout: Fanout,
  found: StoredMessage,
  by: { id: number; name: string } | null,
  members: number[],
  moderated = false,
): { message: StoredMessage; fileId: number | null } {
  const { conversation } = store;
  const undone = fanout.write(() => {
    const updated = store.markUndone(found.seq, by, moderated)!;
    dropReactions(store, found.seq);
    fanout.enqueue(members, {
      kind: 'undo',
      key: `u:${conversation}:${found.seq}`,
      conversation,
      message: updated,
    });
    return updated;
  });
  fanout.kick();
  return { message: undone, fileId: found.file?.file_id ?? null };
}
