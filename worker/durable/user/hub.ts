// UserHub: one per user, a thin class over its modules (worker/durable/user/): the sockets and
// their sessions, presence, the chat list, the event log with its monotonically increasing `seq`
// (a reconnecting client replays exactly what it missed), the big groups that parked this user,
// and the call lock (user/call/lock.ts). Each module keeps its own tables and schema steps.
import { DurableObject } from 'cloudflare:workers';

import type { EventData, EventType, Outgoing } from '../../protocol/frames';
import type { SessionEnd, SocketSession } from '../../services/socket-rules';
import type { DeliveryReceipt, HubEvent } from '../contract';
import { meterEvent, meterObject } from '../metered';
import { onCallAlarm, socketsGone } from './call/end';
import { type CallAnswer, type CallArgs, type CallOp, runCallOp } from './call/lock';
import { CallStore } from './call/store';
import type { CallHost } from './call/types';
import { chatView } from './chat-events';
import { ChatList, type ChatRow } from './chat-list';
import { chatStates } from './chat-states';
import { deliverEvents, pushParked } from './delivery';
import { EventLog } from './event-log';
import { Parked } from './parked';
import { type UserParts, write } from './parts';
import { Presence } from './presence';
import { callNote } from './push-notes';
import { PushQueue } from './push-queue';
import { openSocket } from './socket-open';
import { Sockets } from './sockets';
import { relayTyping, TypingLimit } from './typing';

export class UserHub extends DurableObject<Env> {
  private readonly parts: UserParts;
  private readonly typing = new TypingLimit();

  constructor(ctx: DurableObjectState, env: Env) {
    env = meterObject(ctx, env, 'UserHub');
    super(ctx, env);
    const chats = new ChatList(ctx.storage);
    this.parts = {
      ctx,
      env,
      chats,
      log: new EventLog(ctx.storage),
      sockets: new Sockets(ctx, env, (uid) => this.lastSocketGone(uid)),
      presence: new Presence(ctx.storage, env, chats),
      parked: new Parked(ctx.storage, env),
      calls: new CallStore(ctx.storage),
      pushes: new PushQueue(ctx.storage, env),
    };
  }

  async issueTicket(ticket: string, deviceId: string, session: SocketSession): Promise<void> {
    this.parts.sockets.issueTicket(ticket, deviceId, session);
  }

  /** Ends sessions: their sockets close with SESSION_ENDED_CLOSE_CODE, their tickets and later frames are refused. */
  async endSessions(end: SessionEnd): Promise<number> {
    return this.parts.sockets.endSessions(end);
  }

  /** The operator closed the site and this user is not an operator (db/site-closed.ts): every socket closes. */
  async siteClosed(): Promise<number> {
    return this.parts.sockets.closeEvery('site closed');
  }

  /** The WebSocket upgrade, routed here by the Worker; the ticket is consumed on first use (user/socket-open.ts). */
  override async fetch(request: Request): Promise<Response> {
    return openSocket(this.parts, request);
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    meterEvent(this.env, 'UserHub', 'socketMessage');
    const heard = await this.parts.sockets.heard(ws, raw);
    if (heard && 'since' in heard) this.parts.log.replay(ws, heard.since);
    else if (heard) await relayTyping(this.env, this.typing, heard.uid, heard.typing).catch(() => undefined);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    if (this.parts.sockets.closed(ws, code)) await this.lastSocketGone(this.parts.sockets.info(ws).uid);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1006);
  }

  /** Conversation events from ConversationHubs (user/delivery.ts): frames, pushes, and whether a socket was open. */
  async deliver(uid: number, events: HubEvent[], parkable = false): Promise<DeliveryReceipt> {
    return deliverEvents(this.parts, uid, events, parkable);
  }

  /** A message (or a reaction) of a group that parked this user (conversation/fanout/parking.ts notify): a Web Push if it notifies them. */
  async pushNote(uid: number, event: HubEvent): Promise<void> {
    pushParked(this.parts, uid, event);
  }

  /** The user's "Show message text in notifications" (all their devices), read and set by /common/push. */
  async pushSettings(change?: { showText: boolean }): Promise<{ showText: boolean }> {
    if (change) this.parts.pushes.showText = change.showText;
    return { showText: this.parts.pushes.showText };
  }

  /** A browser subscribed: believed at once, and the groups that parked this user learn it at their next message. */
  async pushSubscribed(uid: number): Promise<void> {
    this.parts.pushes.subscribed();
    await this.parts.parked.resume(uid);
  }

  /** A one-off event for this user; `logged` events are replayed to reconnecting clients. */
  async notify<T extends EventType>(type: T, data: EventData<T>, logged = true): Promise<void> {
    this.parts.sockets.closeDead();
    this.parts.sockets.broadcast([
      logged ? this.parts.log.log({ type, data } as Outgoing) : this.parts.log.frame(type, data),
    ]);
  }

  /**
   * `from` is typing in chat `contactId` of mine (user/typing.ts): told to my open sockets only. A
   * person's typing reaches me only in a chat I have with them; a group's hub asks only its members.
   */
  async typingFrom(contactId: number | string, from: number, typing: boolean): Promise<void> {
    if (typeof contactId === 'number' && !this.parts.chats.chat(String(contactId))) return;
    this.parts.sockets.broadcast([this.parts.log.frame('typing', { toContactId: contactId, user_id: from, typing })]);
  }

  /** The chat list, each chat's last message and unread count asked of its conversation (user/chat-states.ts). */
  async listChats(uid: number) {
    await this.parts.parked.resume(uid);
    const rows = this.parts.chats.chats();
    const states = await chatStates(this.env, uid, rows);
    return rows.map((row, i) => chatView(row, states[i]));
  }

  /**
   * The conversations of my chats (not those of groups I am out of): where a message named without
   * its chat may be. Pinned first, hidden last, else the newest row first (compat/message-finder.ts
   * asks only the first ones).
   */
  async chatConversations(uid: number): Promise<{ contactId: string; conversation: string }[]> {
    await this.parts.parked.resume(uid);
    return this.parts.chats
      .chats()
      .filter((row) => !row.gone)
      .sort((a, b) => b.is_top - a.is_top || a.hidden - b.hidden || b.last_send_time - a.last_send_time)
      .map((row) => ({ contactId: row.contact_id, conversation: row.conversation }));
  }

  async setChatPrefs(
    contactId: string,
    conversation: string,
    isGroup: number,
    prefs: Partial<Pick<ChatRow, 'is_top' | 'is_notice' | 'hidden'>>,
    event: Outgoing & { type: 'setChatTop' | 'setIsNotice' | 'delChat' },
  ): Promise<void> {
    write(this.parts, () => {
      this.parts.chats.ensureChat(contactId, conversation, isGroup);
      this.parts.chats.update(contactId, prefs);
    });
    await this.notify(event.type, event.data);
  }

  /** Whether this user's chat `contactId` is of a group they are out of (user/chat-events.ts: gone). */
  async isGoneChat(contactId: string): Promise<boolean> {
    return !!this.parts.chats.chat(contactId)?.gone;
  }

  /** The people with a one-to-one chat with this user, at most `limit` (profile changes go to them). */
  async chatPeers(limit: number): Promise<number[]> {
    return this.parts.chats.chatPeers(limit);
  }

  /** Registers `watcher` for this user's presence changes and answers whether the user is online now. */
  async watchPresence(watcher: number, ttlMs: number): Promise<boolean> {
    this.parts.presence.watch(watcher, ttlMs);
    return this.parts.sockets.online();
  }

  /** How many sockets the user has open (dead ones closed first): a relayed socket's `pong {multiport}` (worker/compat/socket.ts). */
  async socketCount(): Promise<number> {
    this.parts.sockets.closeDead();
    return this.parts.sockets.open().length;
  }

  /** Closes every socket from the server side (tests and the dev tools use it to prove reconnects). */
  async dropSockets(): Promise<number> {
    return this.parts.sockets.drop();
  }

  /** The call lock's one entry: `op` of user/call/lock.ts on this user's lock. Frames are `webrtc`, never logged. */
  async callLock<K extends CallOp>(op: K, ...args: CallArgs<K>): Promise<CallAnswer<K>> {
    return runCallOp(this.callHost(), op, args);
  }

  /** The hub's only alarm is the call's: the ring's end and the dead-socket check of an active call. */
  override async alarm(): Promise<void> {
    meterEvent(this.env, 'UserHub', 'alarm');
    await onCallAlarm(this.callHost());
  }

  private callHost(): CallHost {
    return {
      env: this.env,
      calls: this.parts.calls,
      online: () => this.parts.sockets.online(),
      push: (event) => this.parts.sockets.broadcast([this.parts.log.frame('webrtc', event)]),
      pushable: (uid) => this.parts.pushes.reachable(uid),
      ringByPush: (row) => this.ctx.waitUntil(this.parts.pushes.send(row.me.id, [callNote(row)])),
      setAlarm: (at) => (at === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(at)),
    };
  }

  /** The user's last socket closed: a call they hold ends with it (user/call/end.ts socketsGone), and they go offline. */
  private async lastSocketGone(uid: number): Promise<void> {
    if (this.parts.calls.get()) this.ctx.waitUntil(socketsGone(this.callHost()));
    await this.parts.presence.set(uid, 0);
  }
}
