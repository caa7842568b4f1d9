// A UserHub's sockets (Hibernation API: the ping is answered by the auto-response without waking
// the object) and the sessions they belong to. Each socket remembers the session (token) it was
// opened with: a logout, a password change or a disabled account closes the sockets of the
// sessions it ends, and a frame from a socket whose session ended is refused
// (services/socket-rules.ts has the limits: sockets per user, replays per socket). A socket that
// has been silent for two minutes (no ping answered, nothing sent) is closed the next time the hub
// wakes for something else, so a phone that lost its network shows offline and gets no frames it
// will never read; no timer wakes the hub for it.
import { nanoid } from 'nanoid';
import * as v from 'valibot';

import { siteClosed } from '../../db/site-closed';
import { tokenState } from '../../db/users';
import { CODE } from '../../protocol/codes';
import type { FrameOf } from '../../protocol/frames';
import { parseJsonOrNull } from '../../protocol/json';
import {
  ClientFrame,
  MOBILE_UA,
  NAMED_DEVICE_PREFIX,
  PING_FRAME,
  PONG_FRAME,
  REPLACED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  SILENT_CLOSE_CODE,
  type TypingFrame,
} from '../../protocol/socket';
import { type Lang, pickLang, translate } from '../../services/i18n';
import {
  endsSession,
  type SessionEnd,
  type SocketSession,
  socketsToReplace,
  syncAllowed,
} from '../../services/socket-rules';
import { sessionEnd } from '../../services/tokens';
import { SessionStore } from './session-store';

const TICKET_TTL_MS = 60_000;
/** Clients ping every 20 s, hidden browser tabs about once a minute; two minutes of nothing is a dead socket. */
/** What the hub acts on after a socket's frame: a replay from `since`, or `uid` typing in a chat. */
export type Heard = { since: number } | { typing: TypingFrame; uid: number };

export const SILENT_SOCKET_MS = 120_000;

export interface SocketInfo {
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

/** A socket just accepted: the client's end, the hub's end and the user's sockets that were already open. */
export interface Opened {
  client: WebSocket;
  server: WebSocket;
  info: SocketInfo;
  others: WebSocket[];
}

export class Sockets {
  private readonly sessions: SessionStore;

  /** `lastGone` runs when the hub closes the user's last open socket (the user goes offline). */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly lastGone: (uid: number) => Promise<void>,
  ) {
    this.sessions = new SessionStore(ctx.storage);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
  }

  issueTicket(ticket: string, deviceId: string, session: SocketSession): void {
    this.sessions.putTicket(ticket, deviceId, session, Date.now() + TICKET_TTL_MS);
  }

  /** Ends sessions: their sockets close with SESSION_ENDED_CLOSE_CODE, their tickets and later frames are refused. */
  endSessions(end: SessionEnd): number {
    this.sessions.end(end);
    const ended = this.open().filter((ws) => endsSession(end, this.info(ws).session));
    this.closeByHub(ended, SESSION_ENDED_CLOSE_CODE, 'session ended');
    return ended.length;
  }

  /** Closes every socket with SESSION_ENDED_CLOSE_CODE (the site closed to this user); the sessions go on. */
  closeEvery(reason: string): number {
    const open = this.open();
    this.closeByHub(open, SESSION_ENDED_CLOSE_CODE, reason);
    return open.length;
  }

  /** The WebSocket upgrade with its one-time ticket (consumed on first use); null when refused. */
  accept(request: Request, uid: number, ticket: string): Opened | null {
    const taken = this.sessions.takeTicket(ticket);
    if (
      !taken ||
      this.sessions.hasEnded(taken.session) ||
      request.headers.get('upgrade')?.toLowerCase() !== 'websocket'
    )
      return null;
    const { deviceId, session } = taken;
    const { 0: client, 1: server } = new WebSocketPair();
    const now = Date.now();
    const info: SocketInfo = {
      uid,
      clientId: deviceId.startsWith(NAMED_DEVICE_PREFIX) ? deviceId.slice(NAMED_DEVICE_PREFIX.length) : nanoid(),
      deviceId,
      isMobile: MOBILE_UA.test(request.headers.get('user-agent') ?? ''),
      lang: pickLang(request.headers.get('accept-language')),
      heardAt: now,
      openedAt: now,
      session,
    };
    // A silent socket of this user is gone either way, and so are the oldest past the cap; presence stays online for the new one.
    this.closeDead(false);
    const oldest = socketsToReplace(this.open().map((ws) => ({ ws, openedAt: this.info(ws).openedAt ?? 0 })));
    this.closeByHub(
      oldest.map((o) => o.ws),
      REPLACED_CLOSE_CODE,
      'too many sockets',
      false,
    );
    const others = this.open();
    this.ctx.acceptWebSocket(server);
    this.attach(server, info);
    return { client, server, info, others };
  }

  /** A frame from a socket: answered here; a `sync` the hub should replay or a `typing` to relay, else nothing. */
  async heard(ws: WebSocket, raw: string | ArrayBuffer): Promise<Heard | undefined> {
    const info = { ...this.info(ws), heardAt: Date.now() };
    if (this.sessions.hasEnded(info.session)) {
      this.closeByHub([ws], SESSION_ENDED_CLOSE_CODE, 'session ended');
      return;
    }
    this.attach(ws, info);
    const frame = v.safeParse(
      ClientFrame,
      parseJsonOrNull(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)),
    );
    if (!frame.success) {
      this.refuseFrame(ws, info, 'system.parameterError');
      return;
    }
    if (frame.output.type === 'ping') ws.send(PONG_FRAME);
    if (frame.output.type === 'typing') return { typing: frame.output, uid: info.uid };
    if (frame.output.type !== 'sync') return;
    if (!syncAllowed(info.syncedAt, info.heardAt)) {
      this.refuseFrame(ws, info, 'system.tooFast');
      return;
    }
    this.attach(ws, { ...info, syncedAt: info.heardAt });
    // A replay is worth a look at D1: the session may have ended where this hub was not told.
    if (info.session && !(await this.sessionStillValid(info.uid, info.session))) {
      this.closeByHub([ws], SESSION_ENDED_CLOSE_CODE, 'session ended');
      return;
    }
    return { since: frame.output.since };
  }

  /** The client closed `ws`; true when the user has no other socket and the hub had not closed it. */
  closed(ws: WebSocket, code: number): boolean {
    try {
      // Completes the closing handshake the client started (1005/1006 cannot be sent back).
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // Already closed.
    }
    return !this.info(ws).closedByHub && this.open().filter((s) => s !== ws).length === 0;
  }

  /** Closes the dead sockets first: whether one is still open. */
  online(): boolean {
    this.closeDead();
    return this.open().length > 0;
  }

  broadcast(frames: string[]): void {
    if (frames.length === 0) return;
    for (const ws of this.open()) for (const f of frames) ws.send(f);
  }

  /** Forgets every attachment read (tests that age a socket by writing its attachment themselves). */
  rereadAttachments(): void {
    this.infos = new WeakMap();
  }

  private attach(ws: WebSocket, info: SocketInfo): void {
    ws.serializeAttachment(info);
    this.infos.set(ws, info);
  }

  /** Closes every socket from the server side (tests and the dev tools use it to prove reconnects). */
  drop(): number {
    const sockets = this.open();
    for (const ws of sockets) ws.close(1012, 'dropped by server');
    return sockets.length;
  }

  /**
   * Closes the sockets whose session ended (or token expired), and those nothing has come through
   * for SILENT_SOCKET_MS: neither a ping (answered by the auto-response, which records when) nor a
   * frame the hub handled. When that leaves none open, the user goes offline now
   * (`updatePresence`), not when the dead connection finally times out.
   */
  closeDead(updatePresence = true): void {
    const now = Date.now();
    const ended: WebSocket[] = [];
    const silent: WebSocket[] = [];
    for (const ws of this.open()) {
      const info = this.info(ws);
      if (this.sessions.hasEnded(info.session, now)) ended.push(ws);
      else if (
        now - Math.max(info.heardAt, this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0) >
        SILENT_SOCKET_MS
      )
        silent.push(ws);
    }
    this.closeByHub(ended, SESSION_ENDED_CLOSE_CODE, 'session ended', updatePresence);
    this.closeByHub(silent, SILENT_CLOSE_CODE, 'silent', updatePresence);
  }

  open(): WebSocket[] {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  /**
   * A socket's attachment, read once per wake: every delivery looks at each socket (closeDead), and
   * deserialising it each time was a measurable share of a big group's per-member cost.
   */
  private infos = new WeakMap<WebSocket, SocketInfo>();

  info(ws: WebSocket): SocketInfo {
    let info = this.infos.get(ws);
    if (!info) {
      info = ws.deserializeAttachment() as SocketInfo;
      this.infos.set(ws, info);
    }
    return info;
  }

  /** Closes sockets from the server side; when none is left open, the user goes offline now (`updatePresence`). */
  private closeByHub(sockets: WebSocket[], code: number, reason: string, updatePresence = true): void {
    if (sockets.length === 0) return;
    for (const ws of sockets) {
      this.attach(ws, { ...this.info(ws), closedByHub: true });
      try {
        ws.close(code, reason);
      } catch {
        // Closed meanwhile.
      }
    }
    if (updatePresence && this.open().length === 0) this.ctx.waitUntil(this.lastGone(this.info(sockets[0]!).uid));
  }

  private refuseFrame(ws: WebSocket, info: SocketInfo, key: 'system.parameterError' | 'system.tooFast'): void {
    ws.send(
      JSON.stringify({
        type: 'error',
        data: { code: CODE.REFUSED, msg: translate(info.lang, key) },
      } satisfies FrameOf<'error'>),
    );
  }

  /** D1's word on the socket's token: revoked, outdated or of a disabled user ends it here too. */
  private async sessionStillValid(uid: number, session: SocketSession): Promise<boolean> {
    // Without D1's answer the socket keeps working: its ticket was checked moments or minutes ago.
    const state = await tokenState(this.env.DB, uid, session.sid).catch((error: unknown) => {
      console.warn('session check failed; socket kept', error);
      return 'unknown' as const;
    });
    if (state === 'unknown') return true;
    // The site closed to everyone but operators: a socket its closing missed goes now.
    if (state?.role === 0 && (await siteClosed(this.env.DB).catch(() => false))) return false;
    if (state?.revoked) this.sessions.end({ sid: session.sid, until: sessionEnd(session) });
    if (state && state.token_version > session.ver) this.sessions.end({ belowVersion: state.token_version });
    return !!state && !state.revoked && state.status === 1 && state.token_version === session.ver;
  }
}
