// A message written to the log by its sender (a member who may speak: the whole-group and own
// mutes, group-rules.ts), with the quote and mentions the server works out itself; a recall by its
// sender or a manager; and the question an upload asks before it stores its bytes.
import { mentionList } from '../../protocol/group-rules';
import { canRecall, quoteOfMessage } from '../../protocol/message-rules';
import type { StoredMessage } from '../../protocol/messages';
import { isGroupContact } from '../../services/conversations';
import { isResendBy } from '../../services/message-handling';
import type { Result, Speech } from '../contract';
import type { Fanout } from './fanout/fanout';
import type { GroupStore } from './group/store';
import type { MessageScope } from './message-scope';
import type { NewMessage } from './rows';
import { writeMessage, writeRead, writeUndo } from './writes';

/** What a sender's write works on: who may see what, the group's state (groups only), the fan-out. */
export interface SendParts {
  scope: MessageScope;
  groups: () => GroupStore;
  fanout: Fanout;
}

/** Whether a group member may post, edit or react now (whole-group and own mute); 'ok' in a pair. */
export const speakVerdict = ({ scope, groups }: SendParts, sender: number): Speech =>
  isGroupContact(scope.store.conversation) ? groups().speakVerdict(sender) : 'ok';

/**
 * `input.pid` names a message of this conversation to quote (the client's own quote text is never
 * used); `at`: a group message's mentions (user ids, 0 for everyone, which only a manager may use).
 */
export function sendMessage(
  parts: SendParts,
  input: NewMessage & { at?: number[] },
): Result<{ message: StoredMessage; duplicate: boolean }> {
  const { scope, groups, fanout } = parts;
  const store = scope.memberStore(input.from.id);
  if (!store) return { ok: false, key: 'im.notMember' };
  fanout.heard(input.from.id);
  const members = store.members();
  const { at: wanted, ...fields } = input;
  let at: number[] = [];
  let groupName: string | undefined;
  if (isGroupContact(store.conversation)) {
    // A resend of a message already stored is answered below, whatever the mute says now.
    const verdict = speakVerdict(parts, input.from.id);
    if (verdict !== 'ok' && !store.byId(input.id)) return { ok: false, key: verdict };
    at = mentionList(wanted ?? [], groups().member(input.from.id), members);
    groupName = groups().group()?.name;
  }
  // A message the sender may not see quotes as a missing one: not at all.
  const quoted = fields.pid > 0 ? scope.reveal(input.from.id, (s) => s.bySeq(fields.pid)) : null;
  const quote = quoted?.ok ? quoteOfMessage(quoted.value) : null;
  const extended = { ...(fields.extends ?? {}), ...(quote ? { quote } : {}), ...(at.length > 0 ? { at } : {}) };
  const toStore = { ...fields, pid: quote?.msg_id ?? 0, extends: Object.keys(extended).length > 0 ? extended : null };
  return writeMessage(store, fanout, toStore, members, groupName);
}

/**
 * What a send with client id `id` would meet, asked before an upload stores its bytes (the send
 * still decides): a refusal, the message an earlier try stored (a resend), or null for a new one.
 */
export function priorSendOf(parts: SendParts, sender: number, id: string): Result<StoredMessage | null> {
  const store = parts.scope.memberStore(sender);
  if (!store) return { ok: false, key: 'im.notMember' };
  const existing = store.byId(id);
  if (!existing) {
    // A muted member's upload is refused before its bytes are stored.
    const verdict = speakVerdict(parts, sender);
    return verdict === 'ok' ? { ok: true, value: null } : { ok: false, key: verdict };
  }
  return isResendBy(existing, sender) ? { ok: true, value: existing } : { ok: false, key: 'system.parameterError' };
}

/** `actor` recalls message `id` (their own in time, or any as a manager): the message, and the file it carried (which the caller releases). */
export function recallMessage(
  { scope, fanout }: SendParts,
  actor: { id: number; name: string },
  id: string,
  redoSeconds: number,
): Result<{ message: StoredMessage; fileId: number | null }> {
  const seen = scope.reveal(actor.id, (s) => s.byId(id));
  if (!seen.ok) return seen;
  const found = seen.value;
  const verdict = canRecall(found, actor.id, redoSeconds, Date.now(), scope.isManager(actor.id));
  if (verdict !== 'ok') return { ok: false, key: verdict };
  const by = found.from_user === actor.id ? null : { id: actor.id, name: actor.name };
  return { ok: true, value: writeUndo(scope.store, fanout, found, by, scope.seers(found)) };
}

/** Everything up to the newest message read by `reader`, a member. */
export function markAllRead({ scope, fanout }: SendParts, reader: number): Result<{ readSeq: number }> {
  const store = scope.memberStore(reader);
  if (!store) return { ok: false, key: 'im.notMember' };
  fanout.heard(reader);
  return { ok: true, value: writeRead(store, fanout, reader) };
}
