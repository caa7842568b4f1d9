// UserHub: one per user. Holds the user's sockets (Hibernation API: the ping is answered by the
// auto-response without waking the object), presence, chat-list state and the event log with
// its monotonically increasing `seq`, so a reconnecting client replays exactly what it missed.
// A socket that has been silent for two minutes (no ping answered, nothing sent) is closed the
// next time the hub wakes for something else, so a phone that lost its network shows offline
// and gets no frames it will never read; no timer wakes the hub for it. Each socket remembers the
// session (token) it was opened with: a logout, a password change or a disabled account closes the
// sockets of the sessions it ends (endSessions), and a frame from a socket whose session ended is
// refused (services/socket-rules.ts has the limits: sockets per user, replays per socket).
import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import { nanoid } from 'nanoid';
import type { EventData, EventType, FrameOf, Outgoing } from '../protocol/frames';
import { ClientFrame, PING_FRAME, PONG_FRAME, SYNC_MAX_EVENTS } from '../protocol/socket';
import { pickLang, translate, type Lang } from '../services/i18n';
import type { HubEvent } from './hub-events';
import { applyHubEvent, chatView } from './user-events';
import { UserStore, type ChatRow } from './user-store';
import { conversationHub, userHub } from './stubs';
import type { DeliveryReceipt } from './parking';
import { setPresence, tokenState } from '../db/users';
import { loadConfig } from '../db/config';
import { chatSwitch } from '../protocol/config-values';
import { parseJsonOrNull } from '../protocol/json';
import { CODE } from '../protocol/codes';
import { sessionEnd } from '../services/tokens';
import { SessionStore } from './session-store';
import { CallStore } from './call-store';
import * as calls from './call-ops';
import { meetingOf, type MeetingAnswer } from './call-meeting';
import { iceOf } from './call-ice';
import type { IceServersResponse, WebrtcEvent } from '../protocol/calls';
import { MOBILE_UA, REPLACED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE, SILENT_CLOSE_CODE } from '../protocol/socket';
import { endsSession, socketsToReplace, syncAllowed, type SessionEnd, type SocketSession } from '../services/socket-rules';

const TICKET_TTL_MS = 60_000;
/** Clients ping every 20 s, hidden browser tabs about once a minute; two minutes of nothing is a dead socket. */
export const SILENT_SOCKET_MS = 120_000;

interface SocketInfo {
  uid: number;
  clientId: string;
  deviceId: string;
  isMobile: boolean;
  lang: Lang;
  /** When the socket opened, or last sent a frame the hub handled itself (ms). */
  heardAt: number;
  /** When it opened (ms); absent on sockets opened before the cap on sockets. */
  openedAt?: number;
  /** When it last got a replay (ms). */
  syncedAt?: number;
  /** The token it was opened with; absent on sockets opened before sockets knew it. */
  session?: SocketSession;
  /** Closed by the hub (silent, session ended, replaced): its presence change was already made. */
  closedByHub?: true;
}

export class UserHub extends DurableObject<Env> {
  private readonly store: UserStore;
  private readonly sessions: SessionStore;
  private readonly calls: CallStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new UserStore(ctx.storage.sql);
    this.sessions = new SessionStore(ctx.storage.sql);
    this.calls = new CallStore(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  async issueTicket(ticket: string, deviceId: string, session: SocketSession): Promise<void> {
    this.sessions.putTicket(ticket, deviceId, session, Date.now() + TICKET_TTL_MS);
  }

  /** Ends sessions: their sockets close with SESSION_ENDED_CLOSE_CODE, their tickets and later frames are refused. */
  async endSessions(end: SessionEnd): Promise<number> {
    this.sessions.end(end);
    const ended = this.openSockets().filter((ws) => endsSession(end, this.info(ws).session));
    this.closeByHub(ended, SESSION_ENDED_CLOSE_CODE, 'session ended');
    return ended.length;
  }

  /** The WebSocket upgrade, routed here by the Worker; the ticket is consumed on first use. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const uid = Number(url.searchParams.get('uid'));
    const taken = this.sessions.takeTicket(url.searchParams.get('ticket') ?? '');
    if (!taken || this.sessions.hasEnded(taken.session) || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('invalid ticket', { status: 401 });
    const { deviceId, session } = taken;
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    const info: SocketInfo = { uid, clientId: nanoid(), deviceId, isMobile: MOBILE_UA.test(request.headers.get('user-agent') ?? ''), lang: pickLang(request.headers.get('accept-language')), heardAt: now, openedAt: now, session };
    // A silent socket of this user is gone either way, and so are the oldest past the cap; presence stays online for the new one.
    this.closeDeadSockets(false);
    const oldest = socketsToReplace(this.openSockets().map((ws) => ({ ws, openedAt: this.info(ws).openedAt ?? 0 })));
    this.closeByHub(oldest.map((o) => o.ws), REPLACED_CLOSE_CODE, 'too many sockets', false);
    const others = this.openSockets();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(info);
    server.send(JSON.stringify({ type: 'init', client_id: info.clientId, seq: this.store.lastEventSeq() } satisfies FrameOf<'init'>));
    // Tell the account's other devices that it logged in elsewhere; each client decides (spec §4).
    const notice = this.frame('offline', { id: uid, client_id: info.clientId, isMobile: info.isMobile }, this.store.lastEventSeq());
    for (const ws of others) if (this.info(ws).deviceId !== deviceId) ws.send(notice);
    // Presence fans out to many hubs; the socket should not wait for it.
    if (others.length === 0) this.ctx.waitUntil(this.setPresence(uid, 1));
    // What big groups kept while this user had no socket arrives as frames on the new one.
    this.ctx.waitUntil(this.resumeParked(uid));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const info = { ...this.info(ws), heardAt: Date.now() };
    if (this.sessions.hasEnded(info.session)) return this.closeByHub([ws], SESSION_ENDED_CLOSE_CODE, 'session ended');
    ws.serializeAttachment(info);
    const frame = v.safeParse(ClientFrame, parseJsonOrNull(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)));
    if (!frame.success) return this.refuseFrame(ws, info, 'system.parameterError');
    if (frame.output.type === 'ping') ws.send(PONG_FRAME);
    if (frame.output.type !== 'sync') return;
    if (!syncAllowed(info.syncedAt, info.heardAt)) return this.refuseFrame(ws, info, 'system.tooFast');
    ws.serializeAttachment({ ...info, syncedAt: info.heardAt });
    // A replay is worth a look at D1: the session may have ended where this hub was not told.
    if (info.session && !(await this.sessionStillValid(info.uid, info.session))) return this.closeByHub([ws], SESSION_ENDED_CLOSE_CODE, 'session ended');
    this.replay(ws, frame.output.since);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const { uid, closedByHub } = this.info(ws);
    try {
      // Completes the closing handshake the client started (1005/1006 cannot be sent back).
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
    if (!closedByHub && this.openSockets().filter((s) => s !== ws).length === 0) {
      // The call this user holds ends with their last socket (call-ops.ts socketsGone).
      if (this.calls.get()) this.ctx.waitUntil(calls.socketsGone(this.callHost()));
      await this.setPresence(uid, 0);
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1006);
  }

  /**
   * Conversation events from ConversationHubs; a redelivered event changes nothing (messages by seq,
   * the rest by key). The answer says whether a socket was open: a big group (`parkable`) keeps its
   * next events for a user with none until this hub asks for them (parking.ts, resumeParked).
   */
  async deliver(uid: number, events: HubEvent[], parkable = false): Promise<DeliveryReceipt> {
    this.closeDeadSockets();
    const online = this.openSockets().length > 0;
    const out = this.write(() => {
      if (parkable && !online && events[0]) this.store.park(events[0].conversation);
      return events.flatMap((event) => applyHubEvent(this.store, uid, event)).map((o) => this.log(o));
    });
    this.broadcast(out);
    return { frames: out.length, online, at: Date.now() };
  }

  /**
   * Asks the big groups that may be keeping events for this user to deliver them now (a socket
   * opened, or the chat list is being read); each answers once delivered. One that fails is asked
   * again next time.
   */
  private async resumeParked(uid: number): Promise<void> {
    const groups = this.store.parkedIn();
    if (groups.length === 0) return;
    const at = Date.now();
    const results = await Promise.allSettled(groups.map((conversation) => conversationHub(this.env, conversation).resume(uid, at)));
    groups.forEach((conversation, i) => results[i]!.status === 'fulfilled' && this.store.unpark(conversation));
  }

  /** A one-off event for this user; `logged` events are replayed to reconnecting clients. */
  async notify<T extends EventType>(type: T, data: EventData<T>, logged = true): Promise<void> {
    this.closeDeadSockets();
    this.broadcast([logged ? this.log({ type, data } as Outgoing) : this.frame(type, data, this.store.lastEventSeq())]);
  }

  async listChats(uid: number) {
    await this.resumeParked(uid);
    return this.store.chats().map(chatView);
  }

  async setChatPrefs(contactId: string, conversation: string, isGroup: number, prefs: Partial<Pick<ChatRow, 'is_top' | 'is_notice' | 'hidden'>>, event: Outgoing & { type: 'setChatTop' | 'setIsNotice' | 'delChat' }): Promise<void> {
    this.write(() => {
      this.store.ensureChat(contactId, conversation, isGroup);
      this.store.update(contactId, prefs);
    });
    await this.notify(event.type, event.data);
  }

  /** Whether this user's chat `contactId` is of a group they are out of (user-events.ts: gone). */
  async isGoneChat(contactId: string): Promise<boolean> {
    return !!this.store.chat(contactId)?.gone;
  }

  /** The people with a one-to-one chat with this user, at most `limit` (profile changes go to them). */
  async chatPeers(limit: number): Promise<number[]> {
    return this.store.chatPeers(limit);
  }

  /** Registers `watcher` for this user's presence changes and answers whether the user is online now. */
  async watchPresence(watcher: number, ttlMs: number): Promise<boolean> {
    this.store.watch(watcher, Date.now() + ttlMs);
    this.closeDeadSockets();
    return this.openSockets().length > 0;
  }

  /** Closes every socket from the server side (tests and the dev tools use it to prove reconnects). */
  async dropSockets(): Promise<number> {
    const sockets = this.openSockets();
    for (const ws of sockets) ws.close(1012, 'dropped by server');
    return sockets.length;
  }

  // Calls (issue 14): this user's call lock and its transitions, kept in call-ops.ts. Frames are `webrtc`, never logged.

  async placeCall(req: calls.PlaceCall): Promise<calls.CallResult> {
    return calls.placeCall(this.callHost(), req);
  }

  async ringCall(req: calls.RingCall): Promise<calls.RingAnswer> {
    return calls.ringCall(this.callHost(), req);
  }

  async answerCall(id: string, peer: number): Promise<calls.CallResult> {
    return calls.answerCall(this.callHost(), id, peer);
  }

  async peerAnswered(id: string, from: number): Promise<boolean> {
    return calls.peerAnswered(this.callHost(), id, from);
  }

  async relayCall(id: string, peer: number, signal: calls.Signal): Promise<calls.CallResult> {
    return calls.relayCall(this.callHost(), id, peer, signal);
  }

  async peerSignal(id: string, from: number, signal: calls.Signal): Promise<boolean> {
    return calls.peerSignal(this.callHost(), id, from, signal);
  }

  async endCall(id: string, peer: number, how: 'hangup' | 'busy'): Promise<WebrtcEvent | null> {
    return calls.endCall(this.callHost(), id, peer, how);
  }

  async peerEnded(id: string, from: number, code: number, callTime: number): Promise<void> {
    return calls.peerEnded(this.callHost(), id, from, code, callTime);
  }

  /** Whether this user holds the call `id`, ringing or active (the ICE servers are for them only). */
  async holdsCall(id: string): Promise<boolean> {
    return calls.holdsCall(this.callHost(), id);
  }

  /** This user's ICE servers for call `id`, minted once per call (call-ice.ts); null without that call. */
  async callIceServers(id: string): Promise<IceServersResponse | null> {
    return iceOf(this.callHost(), id);
  }

  /** The RealtimeKit meeting of call `id`, for this user or (on the caller's hub) for the callee `asker`. */
  async callMeeting(id: string, asker: number): Promise<MeetingAnswer> {
    return meetingOf(this.callHost(), id, asker);
  }

  /** The hub's only alarm is the call's: the ring's end and the dead-socket check of an active call. */
  override async alarm(): Promise<void> {
    await calls.onCallAlarm(this.callHost());
  }

  private callHost(): calls.CallHost {
    return {
      env: this.env,
      calls: this.calls,
      online: () => {
        this.closeDeadSockets();
        return this.openSockets().length > 0;
      },
      push: (event) => this.broadcast([this.frame('webrtc', event, this.store.lastEventSeq())]),
      setAlarm: (at) => (at === null ? this.ctx.storage.deleteAlarm() : this.ctx.storage.setAlarm(at)),
    };
  }

  /** A storage transaction; if it fails, the store reads its rows again instead of trusting its memory. */
  private write<T>(body: () => T): T {
    try {
      return this.ctx.storage.transactionSync(body);
    } catch (error) {
      this.store.forgetMemory();
      throw error;
    }
  }

  private replay(ws: WebSocket, since: number): void {
    const last = this.store.lastEventSeq();
    const oldest = this.store.oldestEventSeq();
    if (since >= last) return;
    if ((oldest > 0 && since + 1 < oldest) || last - since > SYNC_MAX_EVENTS) {
      ws.send(JSON.stringify({ type: 'resync', seq: last } satisfies FrameOf<'resync'>));
      return;
    }
    for (const e of this.store.eventsSince(since, SYNC_MAX_EVENTS)) ws.send(frameText(e.type, e.data, e.seq, e.time));
  }

  /** Appends to the event log and returns the frame; the data is serialised once for both. */
  private log(o: Outgoing): string {
    const time = Math.floor(Date.now() / 1000);
    const data = JSON.stringify(o.data);
    return frameText(o.type, data, this.store.append(o.type, data, time), time);
  }

  private frame<T extends EventType>(type: T, data: EventData<T>, seq: number): string {
    return frameText(type, JSON.stringify(data), seq, Math.floor(Date.now() / 1000));
  }

  private broadcast(frames: string[]): void {
    if (frames.length === 0) return;
    for (const ws of this.openSockets()) for (const f of frames) ws.send(f);
  }

  /**
   * Closes the sockets whose session ended (or token expired), and those nothing has come through
   * for SILENT_SOCKET_MS: neither a ping (answered by the auto-response, which records when) nor a
   * frame the hub handled. When that leaves none open, the user goes offline now
   * (`updatePresence`), not when the dead connection finally times out.
   */
  private closeDeadSockets(updatePresence = true): void {
    const now = Date.now();
    const ended: WebSocket[] = [];
    const silent: WebSocket[] = [];
    for (const ws of this.openSockets()) {
      const info = this.info(ws);
      if (this.sessions.hasEnded(info.session, now)) ended.push(ws);
      else if (now - Math.max(info.heardAt, this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0) > SILENT_SOCKET_MS) silent.push(ws);
    }
    this.closeByHub(ended, SESSION_ENDED_CLOSE_CODE, 'session ended', updatePresence);
    this.closeByHub(silent, SILENT_CLOSE_CODE, 'silent', updatePresence);
  }

  /** Closes sockets from the server side; when none is left open, the user goes offline now (`updatePresence`). */
  private closeByHub(sockets: WebSocket[], code: number, reason: string, updatePresence = true): void {
    if (sockets.length === 0) return;
    for (const ws of sockets) {
      ws.serializeAttachment({ ...this.info(ws), closedByHub: true });
      try {
        ws.close(code, reason);
      } catch {
        // Closed meanwhile.
      }
    }
    const { uid } = this.info(sockets[0]!);
    if (updatePresence && this.openSockets().length === 0) {
      if (this.calls.get()) this.ctx.waitUntil(calls.socketsGone(this.callHost()));
      this.ctx.waitUntil(this.setPresence(uid, 0));
    }
  }

  private refuseFrame(ws: WebSocket, info: SocketInfo, key: 'system.parameterError' | 'system.tooFast'): void {
    ws.send(JSON.stringify({ type: 'error', data: { code: CODE.REFUSED, msg: translate(info.lang, key) } } satisfies FrameOf<'error'>));
  }

  /** D1's word on the socket's token: revoked, outdated or of a disabled user ends it here too. */
  private async sessionStillValid(uid: number, session: SocketSession): Promise<boolean> {
    // Without D1's answer the socket keeps working: its ticket was checked moments or minutes ago.
    const state = await tokenState(this.env.DB, uid, session.sid).catch((error: unknown) => {
      console.warn('session check failed; socket kept', error);
      return 'unknown' as const;
    });
    if (state === 'unknown') return true;
    if (state?.revoked) this.sessions.end({ sid: session.sid, until: sessionEnd(session) });
    if (state && state.token_version > session.ver) this.sessions.end({ belowVersion: state.token_version });
    return !!state && !state.revoked && state.status === 1 && state.token_version === session.ver;
  }

  private openSockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  private info(ws: WebSocket): SocketInfo {
    return ws.deserializeAttachment() as SocketInfo;
  }

  /** Presence lives in D1 for contact lists; live changes go to the people this user chats with and to watchers. */
  private async setPresence(uid: number, online: 0 | 1): Promise<void> {
    await setPresence(this.env.DB, uid, online);
    // chatInfo.online off: the server keeps presence to itself (the web hiding it would not stop a client reading frames).
    if (!chatSwitch((await loadConfig(this.env.DB)).chatInfo, 'online')) return;
    const peers = this.store.presenceAudience(500);
    await Promise.allSettled(peers.map((peer) => userHub(this.env, peer).notify('isOnline', { id: uid, is_online: online }, false)));
  }
}

/** A pushed frame `{type, time, data, seq}` around data already serialised (logged events keep their JSON). */
function frameText(type: string, data: string, seq: number, time: number): string {
  return `{"type":${JSON.stringify(type)},"time":${time},"data":${data},"seq":${seq}}`;
}
