// UserHub: one per user. Holds the user's sockets (Hibernation API: the ping is answered by the
// auto-response without waking the object), presence, chat-list state and the event log with
// its monotonically increasing `seq`, so a reconnecting client replays exactly what it missed.
// A socket that has been silent for two minutes (no ping answered, nothing sent) is closed the
// next time the hub wakes for something else, so a phone that lost its network shows offline
// and gets no frames it will never read; no timer wakes the hub for it.
import { DurableObject } from 'cloudflare:workers';
import * as v from 'valibot';
import { nanoid } from 'nanoid';
import type { EventData, EventType, FrameOf, Outgoing } from '../protocol/frames';
import { ClientFrame, PING_FRAME, PONG_FRAME, SYNC_MAX_EVENTS } from '../protocol/socket';
import { pickLang, translate, type Lang } from '../services/i18n';
import type { HubEvent } from './hub-events';
import { applyHubEvent, chatView } from './user-events';
import { UserStore, type ChatRow } from './user-store';
import { userHub } from './stubs';
import { setPresence } from '../db/users';
import { parseJsonOrNull } from '../protocol/json';

const TICKET_TTL_MS = 60_000;
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile/i;
/** Clients ping every 20 s, hidden browser tabs about once a minute; two minutes of nothing is a dead socket. */
export const SILENT_SOCKET_MS = 120_000;
/** The close code for a socket given up as silent (4000–4999 are the application's own). */
export const SILENT_CLOSE_CODE = 4000;

interface SocketInfo {
  uid: number;
  clientId: string;
  deviceId: string;
  isMobile: boolean;
  lang: Lang;
  /** When the socket opened, or last sent a frame the hub handled itself (ms). */
  heardAt: number;
  /** Closed by the hub as silent: its presence change was already made. */
  silent?: true;
}

export class UserHub extends DurableObject<Env> {
  private readonly store: UserStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new UserStore(ctx.storage.sql);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  async issueTicket(ticket: string, deviceId: string): Promise<void> {
    this.store.putTicket(ticket, deviceId, Date.now() + TICKET_TTL_MS);
  }

  /** The WebSocket upgrade, routed here by the Worker; the ticket is consumed on first use. */
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const uid = Number(url.searchParams.get('uid'));
    const deviceId = this.store.takeTicket(url.searchParams.get('ticket') ?? '');
    if (!deviceId || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('invalid ticket', { status: 401 });
    const { 0: client, 1: server } = new WebSocketPair();
    const info: SocketInfo = { uid, clientId: nanoid(), deviceId, isMobile: MOBILE_UA.test(request.headers.get('user-agent') ?? ''), lang: pickLang(request.headers.get('accept-language')), heardAt: Date.now() };
    // A silent socket of this user is gone either way; presence stays online for the new one.
    this.closeSilentSockets(false);
    const others = this.openSockets();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(info);
    server.send(JSON.stringify({ type: 'init', client_id: info.clientId, seq: this.store.lastEventSeq() } satisfies FrameOf<'init'>));
    // Tell the account's other devices that it logged in elsewhere; each client decides (spec §4).
    const notice = this.frame('offline', { id: uid, client_id: info.clientId, isMobile: info.isMobile }, this.store.lastEventSeq());
    for (const ws of others) if (this.info(ws).deviceId !== deviceId) ws.send(notice);
    // Presence fans out to many hubs; the socket should not wait for it.
    if (others.length === 0) this.ctx.waitUntil(this.setPresence(uid, 1));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const info = this.info(ws);
    ws.serializeAttachment({ ...info, heardAt: Date.now() });
    const frame = v.safeParse(ClientFrame, parseJsonOrNull(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)));
    if (!frame.success) {
      ws.send(JSON.stringify({ type: 'error', data: { code: 400, msg: translate(info.lang, 'system.parameterError') } } satisfies FrameOf<'error'>));
      return;
    }
    if (frame.output.type === 'ping') ws.send(PONG_FRAME);
    if (frame.output.type === 'sync') this.replay(ws, frame.output.since);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const { uid, silent } = this.info(ws);
    try {
      // Completes the closing handshake the client started (1005/1006 cannot be sent back).
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
    if (!silent && this.openSockets().filter((s) => s !== ws).length === 0) await this.setPresence(uid, 0);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.webSocketClose(ws, 1006);
  }

  /** Conversation events from ConversationHubs; a redelivered event changes nothing (messages by seq, the rest by key). */
  async deliver(uid: number, events: HubEvent[]): Promise<number> {
    this.closeSilentSockets();
    const out = this.write(() => events.flatMap((event) => applyHubEvent(this.store, uid, event)).map((o) => this.log(o)));
    this.broadcast(out);
    return out.length;
  }

  /** A one-off event for this user; `logged` events are replayed to reconnecting clients. */
  async notify<T extends EventType>(type: T, data: EventData<T>, logged = true): Promise<void> {
    this.closeSilentSockets();
    this.broadcast([logged ? this.log({ type, data } as Outgoing) : this.frame(type, data, this.store.lastEventSeq())]);
  }

  async listChats() {
    return this.store.chats().map(chatView);
  }

  async setChatPrefs(contactId: string, conversation: string, isGroup: number, prefs: Partial<Pick<ChatRow, 'is_top' | 'is_notice' | 'hidden'>>, event: Outgoing & { type: 'setChatTop' | 'setIsNotice' | 'delChat' }): Promise<void> {
    this.write(() => {
      this.store.ensureChat(contactId, conversation, isGroup);
      this.store.update(contactId, prefs);
    });
    await this.notify(event.type, event.data);
  }

  /** Registers `watcher` for this user's presence changes and answers whether the user is online now. */
  async watchPresence(watcher: number, ttlMs: number): Promise<boolean> {
    this.store.watch(watcher, Date.now() + ttlMs);
    this.closeSilentSockets();
    return this.openSockets().length > 0;
  }

  /** Closes every socket from the server side (tests and the dev tools use it to prove reconnects). */
  async dropSockets(): Promise<number> {
    const sockets = this.openSockets();
    for (const ws of sockets) ws.close(1012, 'dropped by server');
    return sockets.length;
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
   * Closes the sockets nothing has come through for SILENT_SOCKET_MS: neither a ping (answered by
   * the auto-response, which records when) nor a frame the hub handled. When that leaves none open,
   * the user goes offline now (`updatePresence`), not when the dead connection finally times out.
   */
  private closeSilentSockets(updatePresence = true): void {
    const now = Date.now();
    let uid = 0;
    for (const ws of this.openSockets()) {
      const info = this.info(ws);
      const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
      if (now - Math.max(info.heardAt, pinged) <= SILENT_SOCKET_MS) continue;
      ws.serializeAttachment({ ...info, silent: true });
      try {
        ws.close(SILENT_CLOSE_CODE, 'silent');
      } catch {
        // Closed meanwhile.
      }
      uid = info.uid;
    }
    if (uid && updatePresence && this.openSockets().length === 0) this.ctx.waitUntil(this.setPresence(uid, 0));
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
    const peers = this.store.presenceAudience(500);
    await Promise.allSettled(peers.map((peer) => userHub(this.env, peer).notify('isOnline', { id: uid, is_online: online }, false)));
  }
}

/** A pushed frame `{type, time, data, seq}` around data already serialised (logged events keep their JSON). */
function frameText(type: string, data: string, seq: number, time: number): string {
  return `{"type":${JSON.stringify(type)},"time":${time},"data":${data},"seq":${seq}}`;
}
