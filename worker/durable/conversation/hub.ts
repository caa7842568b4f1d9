// ConversationHub: the single writer of one conversation's log: gap-free `seq`, de-duplication on the client
// message id, history; each change goes to its fan-out (conversation/fanout/fanout.ts) in the same commit (conversation/writes.ts).
// Its alarm runs the fan-out's retries and retention (chatInfo.msgClear) once a day, never the send path.
import { DurableObject } from 'cloudflare:workers';

import { mentionList } from '../../protocol/group-rules';
import type { GroupCard } from '../../protocol/groups';
import { canRecall, quoteOfMessage } from '../../protocol/message-rules';
import type { StoredMessage, UserCard } from '../../protocol/messages';
import { isGroupContact, pairMembers } from '../../services/conversations';
import { isResendBy } from '../../services/message-handling';
import type { ChatState, HubEvent, Result, Speech } from '../contract';
import { meterEvent, meterObject } from '../metered';
import { type CallOutcome, callRecordOf, finishCallRecord } from './call-records';
import { chatStateOf } from './chat-state';
import { Fanout } from './fanout/fanout';
import { filePanelSight } from './file-panel';
import { clearGroupHistory } from './group/clear';
import { applyGroupChange, changeGroupAvatar, type GroupChange, qrCard } from './group/ops';
import { GroupStore } from './group/store';
import { groupViewOf, relayGroupTyping } from './group/view';
import { editMessage, withCurrentQuotes } from './message-edit';
import { MessageScope } from './message-scope';
import { type Hidden, hideMessage } from './moderation';
import { toggleReaction, withReactions } from './reactions';
import { onConversationAlarm } from './retention';
import type { NewMessage } from './rows';
import { migrateConversation } from './schema';
import { ConversationStore } from './store';
import { pageStart, visibility } from './visibility';
import { writeMessage, writeRead, writeUndo } from './writes';

export class ConversationHub extends DurableObject<Env> {
  private store: ConversationStore | null = null;
  private groupStore: GroupStore | null = null;
  private readonly fanout: Fanout;

  constructor(ctx: DurableObjectState, env: Env) {
    env = meterObject(ctx, env, 'ConversationHub');
    super(ctx, env);
    migrateConversation(ctx.storage);
    // A failed write may leave the store's memory ahead of its tables, as the fan-out's.
    this.fanout = new Fanout(
      ctx,
      env,
      () => {
        this.store?.forgetMemory();
        this.groupStore?.forgetMemory();
      },
      (user, event) => this.withUnread(user, event),
    );
  }

  /** A member's copy of a message or a pruning carries their unread count (conversation/read-marks.ts). */
  private withUnread(user: number, event: HubEvent): HubEvent {
    if (event.kind !== 'message' && event.kind !== 'pruned') return event;
    const store = this.open(event.conversation);
    const seq = event.kind === 'message' ? event.message.seq : store.lastSeq();
    return { ...event, unread: store.marks.unreadAt(user, seq) };
  }

  /** `member`'s row of this chat on their chat list (conversation/chat-state.ts); null for anyone who is not a member. */
  async chatState(conversation: string, member: number): Promise<ChatState | null> {
    const scope = this.scope(conversation);
    const sight = scope.sightOf(member);
    const { store } = scope;
    return sight ? chatStateOf(store, member, sight, isGroupContact(conversation)) : null;
  }

  /** What a group's changes work on (conversation/group/parts.ts). */
  private parts(conversation: string) {
    return { store: this.open(conversation), groups: this.groups(conversation), fanout: this.fanout };
  }

  /** A group's roles, mutes and settings (conversation/group/store.ts); opened with the conversation's store. */
  private groups(conversation: string): GroupStore {
    this.open(conversation);
    this.groupStore ??= new GroupStore(this.ctx.storage.sql);
    return this.groupStore;
  }

  /** A change to a group (conversation/group/ops.ts), its rights checked here against the hub's own state. */
  async group(conversation: string, change: GroupChange): Promise<Result<GroupCard>> {
    return applyGroupChange(this.parts(conversation), change, Date.now());
  }

  /** The card of a live group for anyone holding a QR of its current version (the scan's join page); 'scan.removed' for one removed since it was minted; null otherwise. */
  async groupCard(conversation: string, viewer: number, token: { v: number; t: number }) {
    return qrCard(this.parts(conversation), viewer, token);
  }

  /** The group's card and members for a member; im.notMember for anyone else (conversation/group/view.ts). */
  async groupView(conversation: string, viewer: number) {
    return groupViewOf(this.parts(conversation), viewer);
  }

  /** `user` is typing in this group: the members with a socket hear of it (conversation/group/view.ts). */
  async typing(conversation: string, user: number, typing: boolean): Promise<void> {
    await relayGroupTyping(this.env, this.parts(conversation), user, typing);
  }

  /** A group's roster for the operator console (routes/manage, whose operator check stands for membership); null without a live group. */
  async groupRoster(conversation: string) {
    return this.groups(conversation).group()?.status === 1 ? this.groups(conversation).roster() : null;
  }

  /** Clears a group's history (conversation/group/clear.ts): the owner, or an operator from the console (routes/manage/groups.ts). */
  async clearHistory(conversation: string, actor: UserCard, operator: boolean) {
    return clearGroupHistory(this.env, this.parts(conversation), actor, operator);
  }

  /** Sets a group's uploaded picture (conversation/group/ops.ts); answers the one it replaced. */
  async groupAvatar(conversation: string, actor: UserCard, avatar: string) {
    return changeGroupAvatar(this.parts(conversation), actor, avatar);
  }

  /** Opens the store for `conversation`; a one-to-one conversation knows its two members by name. */
  private open(conversation: string): ConversationStore {
    if (!this.store) {
      this.store = new ConversationStore(this.ctx.storage.sql, conversation);
      const pair = pairMembers(conversation);
      if (pair) this.store.addMembers(pair);
    }
    return this.store;
  }

  /** Who may see what in `conversation`, for this call (conversation/message-scope.ts). */
  private scope(conversation: string): MessageScope {
    return MessageScope.of(this.open(conversation), () => this.groups(conversation));
  }

  /** `input.pid` names a message of this conversation to quote (the client's own quote text is never used). */
  /** `at`: a group message's mentions (user ids, 0 for everyone, which only a manager may use). */
  async send(
    conversation: string,
    input: NewMessage & { at?: number[] },
  ): Promise<Result<{ message: StoredMessage; duplicate: boolean }>> {
    const store = this.scope(conversation).memberStore(input.from.id);
    if (!store) return { ok: false, key: 'im.notMember' };
    this.fanout.heard(input.from.id);
    const members = store.members();
    const { at: wanted, ...fields } = input;
    let at: number[] = [];
    if (isGroupContact(conversation)) {
      // A resend of a message already stored is answered below, whatever the mute says now.
      const verdict = this.speakVerdict(conversation, input.from.id);
      if (verdict !== 'ok' && !store.byId(input.id)) return { ok: false, key: verdict };
      at = mentionList(wanted ?? [], this.groups(conversation).member(input.from.id), members);
    }
    // A message the sender may not see quotes as a missing one: not at all.
    const quoted = fields.pid > 0 ? this.scope(conversation).reveal(input.from.id, (s) => s.bySeq(fields.pid)) : null;
    const quote = quoted?.ok ? quoteOfMessage(quoted.value) : null;
    const extended = { ...(fields.extends ?? {}), ...(quote ? { quote } : {}), ...(at.length > 0 ? { at } : {}) };
    const toStore = { ...fields, pid: quote?.msg_id ?? 0, extends: Object.keys(extended).length > 0 ? extended : null };
    return writeMessage(store, this.fanout, toStore, members, this.groupStore?.group()?.name);
  }

  // What a send with client id `id` would meet, asked before an upload stores its bytes (`send` still
  // decides): a refusal, the message an earlier try stored (a resend), or null for a new one.
  async priorSend(conversation: string, sender: number, id: string): Promise<Result<StoredMessage | null>> {
    const store = this.scope(conversation).memberStore(sender);
    if (!store) return { ok: false, key: 'im.notMember' };
    const existing = store.byId(id);
    if (!existing) {
      // A muted member's upload is refused before its bytes are stored.
      const verdict = this.speakVerdict(conversation, sender);
      return verdict === 'ok' ? { ok: true, value: null } : { ok: false, key: verdict };
    }
    return isResendBy(existing, sender) ? { ok: true, value: existing } : { ok: false, key: 'system.parameterError' };
  }

  async history(
    conversation: string,
    viewer: number,
    query: { beforeSeq: number | null; limit: number; type?: string; keywords?: string; page: number },
  ) {
    const scope = this.scope(conversation);
    const sight = scope.readerSight(viewer);
    const { store } = scope;
    if (!sight) return { ok: false as const, key: 'im.notMember' as const };
    const peerRead = store.othersReadSeq(viewer);
    // The queries narrow by the same floor (so pages stay full); the rule still has the last word.
    const result = query.type
      ? store.search(query.type, query.keywords ?? '', query.page, query.limit, sight.floor)
      : { list: store.page(pageStart(query.beforeSeq, sight), query.limit, sight.floor), count: store.lastSeq() };
    const shown = result.list.filter((m) => visibility(sight, m) !== 'im.exist');
    const list = withReactions(store, withCurrentQuotes(store, shown));
    return { ok: true as const, value: { ...result, list, peerRead } };
  }

  /** `user`'s hub opened a socket or read its chat list at `at` (its clock): this big group's events that waited for them (conversation/fanout/parking.ts) go first. */
  async resume(user: number, at: number): Promise<void> {
    await this.fanout.resume(user, at);
  }

  async isMember(conversation: string, user: number): Promise<boolean> {
    return this.scope(conversation).memberStore(user) !== null;
  }

  /** One message (a forward's source) as `viewer` may see it. */
  async message(conversation: string, viewer: number, seq: number): Promise<Result<StoredMessage>> {
    return this.scope(conversation).revealToReader(viewer, (store) => store.bySeq(seq));
  }

  /** Whether `viewer` may see a message with client id `id` or number `seq` here (message-finder.ts). */
  async holds(conversation: string, viewer: number, key: { id: string } | { seq: number }): Promise<boolean> {
    const found = this.scope(conversation).reveal(viewer, (store) =>
      'id' in key ? store.byId(key.id) : store.bySeq(key.seq),
    );
    return found.ok;
  }

  /** The message carrying file `fileId`, when `viewer` may see it: a download's permission. */
  async fileMessage(conversation: string, viewer: number, fileId: number): Promise<Result<StoredMessage>> {
    return this.scope(conversation).revealToReader(viewer, (store) => store.byFileId(fileId));
  }

  /** The file panel's question (conversation/file-panel.ts): `viewer`'s floor, and which of `fileIds` they may see. */
  async filePanel(conversation: string, viewer: number, fileIds: number[] = []) {
    return filePanelSight(this.scope(conversation), viewer, fileIds);
  }

  async markRead(conversation: string, reader: number): Promise<Result<{ readSeq: number }>> {
    const store = this.scope(conversation).memberStore(reader);
    if (!store) return { ok: false, key: 'im.notMember' };
    this.fanout.heard(reader);
    return { ok: true, value: writeRead(store, this.fanout, reader) };
  }

  /** The recalled message, and the file it carried (which the caller releases). */
  async recall(
    conversation: string,
    actor: number,
    id: string,
    redoSeconds: number,
    actorName = '',
  ): Promise<Result<{ message: StoredMessage; fileId: number | null }>> {
    const store = this.open(conversation);
    const seen = this.scope(conversation).reveal(actor, (s) => s.byId(id));
    if (!seen.ok) return seen;
    const found = seen.value;
    const members = this.scope(conversation).seers(found);
    const manager = this.scope(conversation).isManager(actor);
    const verdict = canRecall(found, actor, redoSeconds, Date.now(), manager);
    if (verdict !== 'ok') return { ok: false, key: verdict };
    const by = found.from_user === actor ? null : { id: actor, name: actorName };
    return { ok: true, value: writeUndo(store, this.fanout, found, by, members) };
  }

  /** `actor` edits their text message `seq` (conversation/message-edit.ts): the message as it now reads. */
  async edit(conversation: string, actor: number, seq: number, content: string, editSeconds: number) {
    const voice = () => this.speakVerdict(conversation, actor);
    return editMessage(this.scope(conversation), this.fanout, { actor, voice }, seq, content, editSeconds);
  }

  /** `actor` toggles their `emoji` on message `seq` (conversation/reactions.ts): the message and its reactions now. */
  async react(conversation: string, actor: number, seq: number, emoji: string, maxEmoji: number, actorName = '') {
    const voice = () => this.speakVerdict(conversation, actor);
    return toggleReaction(this.scope(conversation), this.fanout, { actor, voice }, seq, emoji, maxEmoji, actorName);
  }

  /** An operator hides `seq` for all who have it (a report, conversation/moderation.ts); answers its file to release. */
  async moderate(conversation: string, seq: number): Promise<Hidden> {
    return hideMessage(this.open(conversation), this.fanout, seq, (found) => this.scope(conversation).seers(found));
  }

  /** An operator deleted `user`'s account: their messages stay, their card names nobody. */
  async forgetSender(conversation: string, user: number): Promise<void> {
    this.open(conversation).forgetSender(user);
  }

  /** The callee answered the call `seq` records: read, with the chat, when it is the newest message (nothing newer is skipped). */
  async readAnsweredCall(conversation: string, reader: number, seq: number): Promise<void> {
    if (this.scope(conversation).memberStore(reader)?.lastSeq() === seq) await this.markRead(conversation, reader);
  }

  /** Sets a call record's outcome once (conversation/call-records.ts); answers the outcome that stands, null without a record. */
  async finishCall(conversation: string, callId: string, code: number, callTime: number): Promise<CallOutcome | null> {
    return finishCallRecord(this.open(conversation), callId, { code, callTime });
  }

  /** The record of the call `callId` for one of the pair; null for anyone else or without one. */
  async callRecord(conversation: string, viewer: number, callId: string) {
    const found = this.scope(conversation).reveal(viewer, (store) => store.byId(callId));
    return found.ok ? callRecordOf(found.value) : null;
  }

  /** The one alarm: the fan-out's retries and retention (conversation/retention.ts). */
  override async alarm(): Promise<void> {
    meterEvent(this.env, 'ConversationHub', 'alarm');
    // After an eviction the store is reopened lazily; a waiting event or the meta table names the
    // conversation (asked before the drain empties the outbox).
    const conversation =
      this.store?.conversation ?? this.fanout.conversation() ?? ConversationStore.conversationOf(this.ctx.storage.sql);
    await onConversationAlarm(this.ctx, this.env, this.fanout, conversation ? () => this.open(conversation) : null);
  }

  /** Whether a group member may post, edit or react now (whole-group and own mute, group-rules.ts); 'ok' in a pair. */
  private speakVerdict(conversation: string, sender: number): Speech {
    return isGroupContact(conversation) ? this.groups(conversation).speakVerdict(sender) : 'ok';
  }
}
