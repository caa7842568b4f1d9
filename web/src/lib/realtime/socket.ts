// The realtime socket: a one-time ticket, then the WebSocket; a ping every 20 s;
// after a close it retries every 5 s up to 5 times, then reports 'failed' so the UI can offer
// a reconnect button; it also reconnects when the app becomes visible again. While the browser
// says it is offline there is nothing to retry: 'failed' at once (a start without network shows
// the disconnected notice, not half a minute of "connecting…"), and its `online` event starts afresh.
// A start whose server does not answer at all, while the browser believes it is online, is the
// same offline start: 'failed' at once, with the tries going on behind the notice.
// A socket can also die without closing (the phone changed networks, the laptop slept): the
// browser then keeps it "open" for minutes while nothing arrives. So a ping, or a handshake,
// that gets no answer within 10 s counts as a close; and when the app becomes visible or the
// browser says it is back online, an open socket is pinged at once instead of at the next beat.
// Every frame is parsed with the protocol's schema here, at the boundary: one that does not parse
// is logged and dropped, so no handler ever sees half a frame.
import * as v from 'valibot';

import { type ServerFrame, ServerFrameSchema } from '@protocol/frames';
import { parseJsonOrNull } from '@protocol/json';
import { PING_FRAME, REPLACED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE } from '@protocol/socket';

export const HEARTBEAT_MS = 20_000;
export const RETRY_MS = 5_000;
export const MAX_RETRIES = 5;
/** How long a ping (or the handshake) may go unanswered before the socket is taken for dead. */
export const ANSWER_TIMEOUT_MS = 10_000;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'failed';

/**
 * What `ticket` throws when the server refused the session itself (a 401: disabled, logged out…):
 * retrying cannot help, and the re-login dialog is already up, so no ticket is asked for every 5 s
 * behind it; the session ends when the dialog is closed. A reconnect (button, visibility,
 * `online`) may still ask once.
 */
export class SessionRefused extends Error {}

/** What `ticket` throws when no answer came at all (no network, the server down). */
export class ServerUnreachable extends Error {}

export interface RealtimeOptions {
  ticket: () => Promise<string>;
  onOpen: (ws: WebSocket) => void;
  onFrame: (frame: ServerFrame) => void;
  onStatus: (status: RealtimeStatus) => void;
}

export class Realtime {
  private ws: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Armed while the socket owes an answer (to a ping, or to the handshake). */
  private answerTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** A socket has opened since start. Before that, a server that cannot be reached is an offline start. */
  private opened = false;
  /** Retrying quietly behind the disconnected notice (an offline start): no "connecting…" meanwhile. */
  private quiet = false;
  /** A ticket is being fetched: no second connect may start beside it. */
  private fetchingTicket = false;
  private stopped = true;

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('online', this.onOnline);
    void this.connect();
  }

  /** Sends `text` when the socket is open; false (nothing sent) otherwise. */
  send(text: string): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(text);
    return true;
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisible);
    window.removeEventListener('online', this.onOnline);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.clearAnswer();
    this.ws?.close(1000, 'logout');
    this.ws = null;
    this.options.onStatus('idle');
  }

  /** The reconnect button: a fresh round of retries. */
  reconnect(): void {
    this.retries = 0;
    this.quiet = false;
    clearTimeout(this.retryTimer);
    void this.connect();
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.checkNow();
  };

  private onOnline = () => this.checkNow();

  /** No socket: a fresh round now. An open one: a ping now, to learn whether it still works. */
  private checkNow(): void {
    if (this.stopped) return;
    if (!this.ws) this.reconnect();
    else this.ping(this.ws);
  }

  private ping(ws: WebSocket): void {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(PING_FRAME);
    this.expectAnswer(ws);
  }

  private expectAnswer(ws: WebSocket): void {
    this.answerTimer ??= setTimeout(() => this.abandon(ws), ANSWER_TIMEOUT_MS);
  }

  private clearAnswer(): void {
    clearTimeout(this.answerTimer);
    this.answerTimer = undefined;
  }

  /**
   * A socket that stopped answering is dropped as if it had closed; the next one's sync replays
   * what it missed.
   */
  private abandon(ws: WebSocket): void {
    this.answerTimer = undefined;
    if (this.ws !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = null;
    ws.close();
    this.onClosed(ws);
  }

  private onClosed(ws: WebSocket, code?: number): void {
    if (this.ws !== ws) return; // one left behind by stop(): nothing of it is running
    this.ws = null;
    clearInterval(this.heartbeat);
    this.clearAnswer();
    if (code === SESSION_ENDED_CLOSE_CODE) {
      // Logged out (here or elsewhere), password changed, account disabled: ask for a ticket now,
      // whose 401 signs this tab out at once instead of after the retry's 5 s.
      void this.connect();
    } else if (code === REPLACED_CLOSE_CODE) {
      // The user opened more sockets than the server keeps and this was the oldest. Coming back at
      // once would push out the next oldest, and so on in a loop: wait until this tab is looked at
      // again (visibility) or the reconnect button is pressed.
      this.options.onStatus('failed');
    } else {
      this.scheduleRetry();
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.ws || this.fetchingTicket) return;
    if (!this.quiet) this.options.onStatus(this.retries === 0 ? 'connecting' : 'retrying');
    let ticket: string;
    this.fetchingTicket = true;
    try {
      ticket = await this.options.ticket();
    } catch (error) {
      if (error instanceof SessionRefused) this.options.onStatus('idle');
      // No answer at all before any socket opened (the app started without its server, though the
      // browser says it is online): the disconnected notice at once, the tries go on behind it.
      else this.scheduleRetry(!this.opened && error instanceof ServerUnreachable);
      return;
    } finally {
      this.fetchingTicket = false;
    }
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/wss?ticket=${encodeURIComponent(ticket)}`);
    this.ws = ws;
    this.expectAnswer(ws);
    ws.onopen = () => {
      this.clearAnswer();
      this.retries = 0;
      this.opened = true;
      this.quiet = false;
      this.options.onStatus('open');
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.ping(ws), HEARTBEAT_MS);
      this.options.onOpen(ws);
    };
    ws.onmessage = (event) => {
      this.clearAnswer(); // any frame shows the socket works
      // A pong only tells that the socket works (seen above); the app gets every other frame.
      const frame = readFrame(event.data);
      if (frame && frame.type !== 'pong') this.options.onFrame(frame);
    };
    ws.onclose = (event) => this.onClosed(ws, event.code);
  }

  private scheduleRetry(unreachable = false): void {
    if (this.stopped) return;
    if (this.retries >= MAX_RETRIES || browserOffline()) {
      this.options.onStatus('failed');
      return;
    }
    this.retries += 1;
    if (unreachable) this.quiet = true;
    this.options.onStatus(this.quiet ? 'failed' : 'retrying');
    this.retryTimer = setTimeout(() => void this.connect(), RETRY_MS);
  }
}

/**
 * A frame off the wire, or null when it is not one the protocol knows (not JSON, an unknown type,
 * a field missing or of the wrong kind). Such a frame is dropped whole and logged: applying part of
 * it could leave the chat list half-updated, and the event log replays what mattered on the next sync.
 */
export function readFrame(raw: unknown): ServerFrame | null {
  const parsed = v.safeParse(ServerFrameSchema, parseJsonOrNull(typeof raw === 'string' ? raw : ''));
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  console.warn('dropped a frame that does not match the protocol', v.getDotPath(issue) ?? '', issue.message);
  return null;
}

/** Whether the browser says it has no network; a navigator that cannot tell (a stand-in) counts as online. */
function browserOffline(): boolean {
  try {
    return navigator.onLine === false;
  } catch {
    return false;
  }
}
