// UserHub: one per user, a thin class over its modules (worker/durable/user/): the sockets and
// their sessions, presence, the chat list, the event log with its monotonically increasing `seq`
// (a reconnecting client replays exactly what it missed), the big groups that parked this user,
// and the call lock (user/call/lock.ts). Each module keeps its own tables and schema steps.
import { DurableObject } from 'cloudflare:workers';

import type { EventData, EventType, FrameOf, Outgoing } from '../../protocol/frames';
import type { PushNote } from '../../providers/web-push';
import type { SessionEnd, SocketSession } from '../../services/socket-rules';
import type { HubEvent } from '../contract';
import type { DeliveryReceipt } from '../contract';
import { meterEvent, meterObject } from '../metered';
import { onCallAlarm, socketsGone } from './call/end';
import { callingEvent } from './call/frames';
import { type CallAnswer, type CallArgs, type CallOp, runCallOp } from './call/lock';
import { CallStore } from './call/store';
import type { CallHost } from './call/types';
import { applyHubEvent, chatView, messageFrames } from './chat-events';
import { ChatList, type ChatRow } from './chat-list';
import { chatStates } from './chat-states';
import { EventLog } from './event-log';
import { Parked } from './parked';
import { Presence } from './presence';
import { addedNote, callNote, messageNote, notifyMode, reactionNote } from './push-notes';
import { PushQueue } from './push-queue';
import { Sockets } from './sockets';
import { relayTyping, TypingLimit } from './typing';

export class UserHub extends DurableObject<Env> {
  private readonly chats: ChatList;
  private readonly log: EventLog;
  private readonly sockets: Sockets;
  private readonly presence: Presence;
  private readonly parked: Parked;
  private readonly calls: CallStore;
  private readonly pushes: PushQueue;
  private readonly typing = new TypingLimit();

  constructor(ctx: DurableObjectState, env: Env) {
    env = meterObject(ctx, env, 'UserHub');
    super(ctx, env);
    this.chats = new ChatList(ctx.storage);
    this.log = new EventLog(ctx.storage);
    this.sockets = new Sockets(ctx, env, (uid) => this.lastSocketGone(uid));
    this.presence = new Presence(ctx.storage, env, this.chats);
    this.parked = new Parked(ctx.storage, env);
    this.calls = new CallStore(ctx.storage);
    this.pushes = new PushQueue(ctx.storage, env);
  }

  async issueTicket(ticket: string, deviceId: string, session: SocketSession): Promise<void> {
    this.sockets.issueTicket(ticket, deviceId, session);
  }

  /** Ends sessions: their sockets close with SESSION_ENDED_CLOSE_CODE, their tickets and later frames are refused. */
  async endSessions(end: SessionEnd): Promise<number> {
    return this.sockets.endSessions(end);
  }

  /** The operator closed the site and this user is not an operator (db/site-closed.ts): every socket closes. */
  async siteClosed(): Promise<number> {
    return this.sockets.closeEvery('site closed');
  }

  /** The WebSocket upgrade, routed here by the Worker; the ticket is consumed on first use. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const uid = Number(url.searchParams.get('uid'));
    const opened = this.sockets.accept(request, uid, url.searchParams.get('ticket') ?? '');
    if (!opened) return new Response('invalid ticket', { status: 401 });
    const { client, server, info, others } = opened;
    server.send(
      JSON.stringify({ type: 'init', client_id: info.clientId, seq: this.log.last() } satisfies FrameOf<'init'>),
    );
    // Tell the account's other devices that it logged in elsewhere; each client decides.
    const notice = this.log.frame('offline', { id: uid, client_id: info.clientId, isMobile: info.isMobile });
    for (const ws of others) if (this.sockets.info(ws).deviceId !== info.deviceId) ws.send(notice);
    // Presence fans out to many hubs; the socket should not wait for it.
    if (others.length === 0) this.ctx.waitUntil(this.presence.set(uid, 1));
    // What big groups kept while this user had no socket arrives as frames on the new one.
    this.ctx.waitUntil(this.parked.resume(uid));
    // A call ringing (by Web Push, or on the user's other devices) rings here too.
    const call = this.calls.get();
    if (call?.role === 'callee' && call.phase === 'ringing' && call.msg_id > 0)
      server.send(this.log.frame('webrtc', callingEvent(call)));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    meterEvent(this.env, 'UserHub', 'socketMessage');
    const heard = await this.sockets.heard(ws, raw);
    if (heard && 'since' in heard) this.log.replay(ws, heard.since);
    else if (heard) await relayTyping(this.env, this.typing, heard.uid, heard.typing).catch(() => undefined);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    if (this.sockets.closed(ws, code)) await this.lastSocketGone(this.sockets.info(ws).uid);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1006);
  }

  /**
   * Conversation events from ConversationHubs; a redelivered event changes nothing (messages by seq,
   * the rest by key). The answer says whether a socket was open: a big group (`parkable`) keeps its
   * next events for a user with none until this hub asks for them (conversation/fanout/parking.ts, user/parked.ts).
   */
  async deliver(uid: number, events: HubEvent[], parkable = false): Promise<DeliveryReceipt> {
    const online = this.sockets.online();
    const notes: PushNote[] = [];
    const apply = () => {
      if (parkable && !online && events[0]) this.parked.park(events[0].conversation);
      // A message is a live frame, never logged: a device that missed it reads the chat list.
      return events.flatMap((event) => {
        if (event.kind !== 'message') {
          const frames = applyHubEvent(this.chats, uid, event);
          const note =
            !online && frames.length > 0 ? (addedNote(uid, event) ?? reactionNote(this.chats, uid, event)) : null;
          if (note) notes.push(note);
          return frames.map((o) => this.log.log(o));
        }
        const frames = messageFrames(this.chats, uid, event);
        // Without a socket the user hears of it by Web Push (once: a redelivery has no frames).
        const note = !online && frames.length > 0 ? messageNote(this.chats, uid, event) : null;
        if (note) notes.push(note);
        return frames.map((o) => this.log.unlogged(o));
      });
    };
    // Messages alone write at most a chat's row (a new or unhidden chat): no transaction around them.
    const out = events.every((e) => e.kind === 'message') && !(parkable && !online) ? apply() : this.write(apply);
    this.sockets.broadcast(out);
    // The conversation's hub never waits for a push service.
    if (notes.length > 0) this.ctx.waitUntil(this.pushes.send(uid, notes));
    const at = Date.now();
    if (online || !parkable || !events[0]) return { frames: out.length, online, at };
    // A group parks a user without a socket; it still sends them, as a push, what would notify them.
    const notify = (await this.pushes.reachable(uid)) ? notifyMode(this.chats, uid, events[0].conversation) : undefined;
    return { frames: out.length, online, at, ...(notify ? { notify } : {}) };
  }

  /** A message (or a reaction) of a group that parked this user (conversation/fanout/parking.ts notify): a Web Push if it notifies them, nothing else. */
  async pushNote(uid: number, event: HubEvent): Promise<void> {
    if (this.sockets.online()) return;
    const note = event.kind === 'message' ? messageNote(this.chats, uid, event) : reactionNote(this.chats, uid, event);
    if (note) this.ctx.waitUntil(this.pushes.send(uid, [note]));
  }

  /** The user's "Show message text in notifications" (all their devices), read and set by /common/push. */
  async pushSettings(change?: { showText: boolean }): Promise<{ showText: boolean }> {
    if (change) this.pushes.showText = change.showText;
    return { showText: this.pushes.showText };
  }

  /** A browser subscribed: believed at once, and the groups that parked this user learn it at their next message. */
  async pushSubscribed(uid: number): Promise<void> {
    this.pushes.subscribed();
    await this.parked.resume(uid);
  }

  /** A one-off event for this user; `logged` events are replayed to reconnecting clients. */
  async notify<T extends EventType>(type: T, data: EventData<T>, logged = true): Promise<void> {
    this.sockets.closeDead();
    this.sockets.broadcast([logged ? this.log.log({ type, data } as Outgoing) : this.log.frame(type, data)]);
  }

  /**
   * `from` is typing in chat `contactId` of mine (user/typing.ts): told to my open sockets only. A
   * person's typing reaches me only in a chat I have with them; a group's hub asks only its members.
   */
  async typingFrom(contactId: number | string, from: number, typing: boolean): Promise<void> {
    if (typeof contactId === 'number' && !this.chats.chat(String(contactId))) return;
    this.sockets.broadcast([this.log.frame('typing', { toContactId: contactId, user_id: from, typing })]);
  }

  /** The chat list, each chat's last message and unread count asked of its conversation (user/chat-states.ts). */
  async listChats(uid: number) {
    await this.parked.resume(uid);
    const rows = this.chats.chats();
    const states = await chatStates(this.env, uid, rows);
    return rows.map((row, i) => chatView(row, states[i]));
  }

  /**
   * The conversations of my chats (not those of groups I am out of): where a message named without
   * its chat may be. Pinned first, hidden last, else the newest row first (compat/message-finder.ts
   * asks only the first ones).
   */
  async chatConversations(uid: number): Promise<{ contactId: string; conversation: string }[]> {
    await this.parked.resume(uid);
    return this.chats
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
    this.write(() => {
      this.chats.ensureChat(contactId, conversation, isGroup);
      this.chats.update(contactId, prefs);
    });
    await this.notify(event.type, event.data);
  }

  /** Whether this user's chat `contactId` is of a group they are out of (user/chat-events.ts: gone). */
  async isGoneChat(contactId: string): Promise<boolean> {
    return !!this.chats.chat(contactId)?.gone;
  }

  /** The people with a one-to-one chat with this user, at most `limit` (profile changes go to them). */
  async chatPeers(limit: number): Promise<number[]> {
    return this.chats.chatPeers(limit);
  }

  /** Registers `watcher` for this user's presence changes and answers whether the user is online now. */
  async watchPresence(watcher: number, ttlMs: number): Promise<boolean> {
    this.presence.watch(watcher, ttlMs);
    return this.sockets.online();
  }

  /** How many sockets the user has open (dead ones closed first): a relayed socket's `pong {multiport}` (worker/compat/socket.ts). */
  async socketCount(): Promise<number> {
    this.sockets.closeDead();
    return this.sockets.open().length;
  }

  /** Closes every socket from the server side (tests and the dev tools use it to prove reconnects). */
  async dropSockets(): Promise<number> {
    return this.sockets.drop();
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
      calls: this.calls,
      online: () => this.sockets.online(),
      push: (event) => this.sockets.broadcast([this.log.frame('webrtc', event)]),
      pushable: (uid) => this.pushes.reachable(uid),
      ringByPush: (row) => this.ctx.waitUntil(this.pushes.send(row.me.id, [callNote(row)])),
      setAlarm: (at) => (at === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(at)),
    };
  }

  /** The user's last socket closed: a call they hold ends with it (user/call/end.ts socketsGone), and they go offline. */
  private async lastSocketGone(uid: number): Promise<void> {
    if (this.calls.get()) this.ctx.waitUntil(socketsGone(this.callHost()));
    await this.presence.set(uid, 0);
  }

  /** A storage transaction; if it fails, the modules read their rows again instead of trusting their memory. */
  private write<T>(body: () => T): T {
    try {
      return this.ctx.storage.transactionSync(body);
    } catch (error) {
      this.chats.forgetMemory();
      this.log.forgetMemory();
      throw error;
    }
  }
}
