// The realtime socket (spec §4): a one-time ticket, then the WebSocket; a ping every 20 s;
// after a close it retries every 5 s up to 5 times, then reports 'failed' so the UI can offer
// a reconnect button; it also reconnects when the app becomes visible again.
import { PING_FRAME } from '../../../worker/protocol/socket';

export const HEARTBEAT_MS = 20_000;
export const RETRY_MS = 5_000;
export const MAX_RETRIES = 5;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'failed';

/** A frame the server pushed, as read off the socket (not validated further). */
export interface PushedFrame {
  type: string;
  seq?: number;
  data?: unknown;
  client_id?: string;
}

export interface RealtimeOptions {
  ticket: () => Promise<string>;
  onOpen: (ws: WebSocket) => void;
  onFrame: (frame: PushedFrame) => void;
  onStatus: (status: RealtimeStatus) => void;
}

export class Realtime {
  private ws: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private stopped = true;

  constructor(private readonly options: RealtimeOptions) {}

  start(): void {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisible);
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisible);
    clearTimeout(this.retryTimer);
    clearInterval(this.heartbeat);
    this.ws?.close(1000, 'logout');
    this.ws = null;
    this.options.onStatus('idle');
  }

  /** The reconnect button: a fresh round of retries. */
  reconnect(): void {
    this.retries = 0;
    clearTimeout(this.retryTimer);
    void this.connect();
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible' && !this.ws && !this.stopped) this.reconnect();
  };

  private async connect(): Promise<void> {
    if (this.stopped || this.ws) return;
    this.options.onStatus(this.retries === 0 ? 'connecting' : 'retrying');
    let ticket: string;
    try {
      ticket = await this.options.ticket();
    } catch {
      this.scheduleRetry();
      return;
    }
    if (this.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/wss?ticket=${encodeURIComponent(ticket)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retries = 0;
      this.options.onStatus('open');
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(PING_FRAME), HEARTBEAT_MS);
      this.options.onOpen(ws);
    };
    ws.onmessage = (event) => {
      try {
        const frame = JSON.parse(String(event.data)) as { type?: unknown };
        if (frame && typeof frame.type === 'string') this.options.onFrame(frame as PushedFrame);
      } catch {
        // A frame we cannot read is dropped; the next sync replays anything that mattered.
      }
    };
    ws.onclose = () => {
      clearInterval(this.heartbeat);
      if (this.ws === ws) this.ws = null;
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    if (this.retries >= MAX_RETRIES) {
      this.options.onStatus('failed');
      return;
    }
    this.retries += 1;
    this.options.onStatus('retrying');
    this.retryTimer = setTimeout(() => void this.connect(), RETRY_MS);
  }
}
