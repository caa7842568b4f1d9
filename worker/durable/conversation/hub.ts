// ConversationHub: the single writer of one conversation's log: gap-free `seq`, de-duplication on the client
// message id, history; each change goes to its fan-out (conversation/fanout/fanout.ts) in the same commit (conversation/writes.ts).
// Its alarm runs the fan-out's retries and retention (chatInfo.msgClear) once a day, never the send path.
import { DurableObject } from 'cloudflare:workers';

import type { GroupCard } from '../../protocol/groups';
import type { StoredMessage, UserCard } from '../../protocol/messages';
import { isGroupContact, pairMembers } from '../../services/conversations';
import type { ChatState, Result } from '../contract';
import { meterEvent, meterObject } from '../metered';
import { type CallOutcome, callRecordOf, finishCallRecord } from './call-records';
import { chatStateOf, withUnread } from './chat-state';
import { Fanout } from './fanout/fanout';
import { filePanelSight } from './file-panel';
import { clearGroupHistory } from './group/clear';
import { applyGroupChange, changeGroupAvatar, type GroupChange, qrCard } from './group/ops';
import { GroupStore } from './group/store';
import { groupViewOf, relayGroupTyping } from './group/view';
import { type HistoryQuery, readHistory } from './history';
import { editMessage } from './message-edit';
import { MessageScope } from './message-scope';
import { type Hidden, hideMessage } from './moderation';
import { toggleReaction } from './reactions';
import { onConversationAlarm } from './retention';
import type { NewMessage } from './rows';
import { migrateConversation } from './schema';
import { markAllRead, priorSendOf, recallMessage, sendMessage, type SendParts, speakVerdict } from './sending';
import { ConversationStore } from './store';

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
      (user, event) => withUnread(this.open(event.conversation), user, event),
    );
  }

  /** `member`'s row of this chat on their chat list (conversation/chat-state.ts); null for anyone who is not a member. */
  async chatState(conversation: string, member: number): Promise<ChatState | null> {
    const scope = this.scope(conversation);
    const sight = scope.sightOf(member);
    return sight ? chatStateOf(scope.store, member, sight, isGroupContact(conversation)) : null;
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

  /** A member's message (conversation/sending.ts): the quote and mentions worked out here. */
  async send(
    conversation: string,
    input: NewMessage & { at?: number[] },
  ): Promise<Result<{ message: StoredMessage; duplicate: boolean }>> {
    return sendMessage(this.sendParts(conversation), input);
  }

  /** What a send with client id `id` would meet, asked before an upload stores its bytes (conversation/sending.ts). */
  async priorSend(conversation: string, sender: number, id: string): Promise<Result<StoredMessage | null>> {
    return priorSendOf(this.sendParts(conversation), sender, id);
  }

  /** A page of history as `viewer` may see it (conversation/history.ts). */
  async history(conversation: string, viewer: number, query: HistoryQuery) {
    return readHistory(this.scope(conversation), viewer, query);
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
    return this.scope(conversation).reveal(viewer, (s) => ('id' in key ? s.byId(key.id) : s.bySeq(key.seq))).ok;
  }

  /** The message carrying file `fileId`, when `viewer` may see it: a download's permission. */
  async fileMessage(conversation: string, viewer: number, fileId: number): Promise<Result<StoredMessage>> {
    return this.scope(conversation).revealToReader(viewer, (store) => store.byFileId(fileId));
  }

  /** The file panel's question (conversation/file-panel.ts): `viewer`'s floor, and which of `fileIds` they may see. */
  async filePanel(conversation: string, viewer: number, fileIds: number[] = []) {
    return filePanelSight(this.scope(conversation), viewer, fileIds);
  }

  /** Everything up to the newest message read by `reader` (conversation/sending.ts). */
  async markRead(conversation: string, reader: number): Promise<Result<{ readSeq: number }>> {
    return markAllRead(this.sendParts(conversation), reader);
  }

  /** The recalled message, and the file it carried (which the caller releases; conversation/sending.ts). */
  async recall(conversation: string, actor: number, id: string, redoSeconds: number, actorName = '') {
    return recallMessage(this.sendParts(conversation), { id: actor, name: actorName }, id, redoSeconds);
  }

  /** `actor` edits their text message `seq` (conversation/message-edit.ts): the message as it now reads. */
  async edit(conversation: string, actor: number, seq: number, content: string, editSeconds: number) {
    const voice = () => speakVerdict(this.sendParts(conversation), actor);
    return editMessage(this.scope(conversation), this.fanout, { actor, voice }, seq, content, editSeconds);
  }

  /** `actor` toggles their `emoji` on message `seq` (conversation/reactions.ts): the message and its reactions now. */
  async react(conversation: string, actor: number, seq: number, emoji: string, maxEmoji: number, actorName = '') {
    const voice = () => speakVerdict(this.sendParts(conversation), actor);
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

  /** What a member's writes work on (conversation/sending.ts). */
  private sendParts(conversation: string): SendParts {
    return { scope: this.scope(conversation), groups: () => this.groups(conversation), fanout: this.fanout };
  }
}
