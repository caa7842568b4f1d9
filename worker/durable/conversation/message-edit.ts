// A sender edits their text message: checked against the message as the sender
// may see it (canEdit: theirs, text, not recalled or forwarded, within chatInfo.editTime), the new
// text written with `extends.edited` and, in the same commit, an `update` event for everyone who
// may see the message (their hubs log an `updateMessage` frame, so `sync` replays it). No push.
// Quotes follow the text they quote: a page of messages is answered with each quote rebuilt from
// the message it names (`withCurrentQuotes`).
import { canEdit, quoteOfMessage } from '../../protocol/message-rules';
import type { StoredMessage } from '../../protocol/messages';
import type { Result, Speaker } from '../contract';
import type { Fanout } from './fanout/fanout';
import type { MessageScope } from './message-scope';
import type { ConversationStore } from './store';

export function editMessage(
  scope: MessageScope,
  fanout: Fanout,
  { actor, voice }: Speaker,
  seq: number,
  content: string,
  editSeconds: number,
): Result<StoredMessage> {
  const seen = scope.reveal(actor, (s) => s.bySeq(seq));
  if (!seen.ok) return seen;
  const verdict = canEdit(seen.value, actor, editSeconds);
  if (verdict !== 'ok') return { ok: false, key: verdict };
  // An edit is a new say: one who may not post now (a group's mute) may not edit either.
  const speech = voice();
  if (speech !== 'ok') return { ok: false, key: speech };
  // Sending the same text again changes nothing and tells nobody.
  if (seen.value.content === content) return { ok: true, value: seen.value };
  const { store } = scope;
  const members = scope.seers(seen.value);
  const now = Date.now();
  const edited = fanout.write(() => {
    store.sql.exec(
      "UPDATE messages SET content = ?, extends = json_set(COALESCE(extends, '{}'), '$.edited', ?) WHERE seq = ?",
      content,
      now,
      seq,
    );
    const updated = store.bySeq(seq)!;
    fanout.enqueue(members, {
      kind: 'update',
      key: `e:${store.conversation}:${seq}:${now}`,
      conversation: store.conversation,
      message: updated,
    });
    return updated;
  });
  fanout.kick();
  return { ok: true, value: edited };
}

/** `list` with every quote rebuilt from the message it names, as that message reads now (edited, renamed sender). */
export function withCurrentQuotes(store: ConversationStore, list: StoredMessage[]): StoredMessage[] {
  return list.map((m) => {
    const quote = m.extends?.quote as { msg_id?: unknown } | undefined;
    if (!quote || typeof quote.msg_id !== 'number') return m;
    const current = quoteOfMessage(store.bySeq(quote.msg_id));
    // A quoted message recalled or gone keeps the quote as it was written.
    return current ? { ...m, extends: { ...m.extends, quote: current } } : m;
  });
}
