// Reactions to a message, kept in its conversation's hub: one row per person and
// emoji. A member toggles their own on a message they may see (not a recalled one or a system
// line), at most `maxEmoji` distinct emoji per message; the change and a `reaction` event for
// everyone who may see the message are one commit, and each member's hub logs the frame with the
// message's whole summary, so a replay by `sync` lands on the same state.
import { canReact } from '../../protocol/message-rules';
import type { StoredMessage } from '../../protocol/messages';
import type { Reactions } from '../../protocol/wire';
import type { Result, Speaker } from '../contract';
import type { MigrationStep } from '../migrations';
import type { Fanout } from './fanout/fanout';
import type { MessageScope } from './message-scope';
import type { ConversationStore } from './store';

const SCHEMA = `CREATE TABLE IF NOT EXISTS reactions (
  seq INTEGER NOT NULL, user_id INTEGER NOT NULL, emoji TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (seq, user_id, emoji))`;
/** The reactions' schema steps (durable/migrations.ts). */
export const REACTION_STEPS: readonly MigrationStep[] = [(sql) => sql.exec(SCHEMA)];

/** The reactions of the messages `seqs`, by seq (messages without any are left out). */
export function reactionsOf(store: ConversationStore, seqs: number[]): Map<number, Reactions> {
  const out = new Map<number, Reactions>();
  if (seqs.length === 0) return out;
  const rows = store.sql
    .exec(
      'SELECT seq, user_id, emoji FROM reactions WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY at, rowid',
      JSON.stringify(seqs),
    )
    .toArray();
  for (const r of rows) {
    const list = out.get(Number(r.seq)) ?? [];
    const emoji = String(r.emoji);
    const entry = list.find((e) => e.emoji === emoji) ?? { emoji, user_ids: [] };
    if (!list.includes(entry)) list.push(entry);
    entry.user_ids.push(Number(r.user_id));
    out.set(Number(r.seq), list);
  }
  return out;
}

/** `list` with each message's reactions (`reactions`, left out when none). */
export function withReactions(
  store: ConversationStore,
  list: StoredMessage[],
): (StoredMessage & { reactions?: Reactions })[] {
  const found = reactionsOf(
    store,
    list.map((m) => m.seq),
  );
  return list.map((m) => (found.has(m.seq) ? { ...m, reactions: found.get(m.seq) } : m));
}

/** A recall or an operator's removal: the message's reactions go with its content. */
export function dropReactions(store: ConversationStore, seq: number): void {
  store.sql.exec('DELETE FROM reactions WHERE seq = ?', seq);
}

/** Toggles `actor`'s `emoji` on message `seq`; answers the message's summary after the change. */
export function toggleReaction(
  scope: MessageScope,
  fanout: Fanout,
  { actor, voice }: Speaker,
  seq: number,
  emoji: string,
  maxEmoji: number,
  actorName = '',
): Result<{ message: StoredMessage; reactions: Reactions }> {
  const seen = scope.reveal(actor, (s) => s.bySeq(seq));
  if (!seen.ok) return seen;
  const message = seen.value;
  if (!canReact(message)) return { ok: false, key: 'im.exist' };
  // One who may not post now (a group's mute) may not react either, nor take a reaction back.
  const speech = voice();
  if (speech !== 'ok') return { ok: false, key: speech };
  const { store } = scope;
  const sql = store.sql;
  const mine = sql
    .exec('SELECT 1 FROM reactions WHERE seq = ? AND user_id = ? AND emoji = ?', seq, actor, emoji)
    .toArray();
  if (mine.length === 0) {
    const present = (reactionsOf(store, [seq]).get(seq) ?? []).map((e) => e.emoji);
    if (!present.includes(emoji) && present.length >= maxEmoji) return { ok: false, key: 'im.reactionLimit' };
  }
  const members = scope.seers(message);
  const now = Date.now();
  const added = mine.length === 0 ? { by: actor, name: actorName, emoji } : undefined;
  const event = fanout.write(() => {
    if (mine.length > 0)
      sql.exec('DELETE FROM reactions WHERE seq = ? AND user_id = ? AND emoji = ?', seq, actor, emoji);
    else sql.exec('INSERT INTO reactions (seq, user_id, emoji, at) VALUES (?, ?, ?, ?)', seq, actor, emoji, now);
    const reaction = {
      kind: 'reaction' as const,
      key: `r:${store.conversation}:${seq}:${now}:${actor}`,
      conversation: store.conversation,
      message,
      reactions: reactionsOf(store, [seq]).get(seq) ?? [],
      ...(added ? { added } : {}),
    };
    fanout.enqueue(members, reaction);
    return reaction;
  });
  fanout.kick();
  // An author a group parked (no socket) waits for no delivery: their hub may still push it now.
  if (added && message.from_user !== actor && members.includes(message.from_user))
    fanout.pushParked(message.from_user, event);
  const { reactions } = event;
  return { ok: true, value: { message, reactions } };
}
