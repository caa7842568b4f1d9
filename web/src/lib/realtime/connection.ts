// The app's one realtime connection per tab. It owns the socket (reconnects, pings: socket.ts),
// the position in the user's event log (`seq`) with the `sync` that catches up after every
// reconnect, and hands each parsed frame to the features that subscribed to its type: the chat,
// friends, groups and call stores. Features never open a socket of their own.
import type { FrameOf, ServerFrame, ServerFrameType } from '@protocol/frames';
import type { ClientFrame } from '@protocol/socket';

import { Realtime, type RealtimeStatus } from './socket';

type AnyHandler = (frame: ServerFrame) => void;

export class RealtimeConnection {
  private socket: Realtime | null = null;
  private user = 0;
  private seq = 0;
  /**
   * An init has placed this tab in the log. From then on every reconnect asks for what it missed,
   * from 0 too: a log that was empty at the first init has events the tab never saw.
   */
  private placed = false;
  private id = '';
  private status: RealtimeStatus = 'idle';
  private readonly handlers = new Map<ServerFrameType, Set<AnyHandler>>();
  private readonly anyHandlers = new Set<AnyHandler>();
  private readonly openHandlers = new Set<() => void>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();

  constructor(private readonly ticket: () => Promise<string>) {}

  /** Connects for `me`; a second call for the same user keeps the running socket. */
  start(me: number): void {
    if (this.socket && this.user === me) return;
    this.stop();
    this.user = me;
    this.socket = new Realtime({
      ticket: this.ticket,
      onStatus: (status) => this.setStatus(status),
      onOpen: (ws) => {
        // Catch up on everything missed while the socket was away, then let features resume. A
        // fresh tab has nothing to catch up on (its features load their state by REST after the
        // open): asking from 0 would replay the whole log, each old message ringing again.
        if (this.placed) ws.send(JSON.stringify({ type: 'sync', since: this.seq }));
        for (const handler of [...this.openHandlers]) this.safely(handler);
      },
      onFrame: (frame) => this.receive(frame),
    });
    this.socket.start();
  }

  /** Signing out: the socket closes for good and the next user starts from nothing. */
  stop(): void {
    this.socket?.stop();
    this.socket = null;
    this.user = 0;
    this.seq = 0;
    this.placed = false;
    this.id = '';
  }

  /** A frame for the server when the socket is open (typing); dropped otherwise, never queued. */
  send(frame: ClientFrame): boolean {
    return this.socket?.send(JSON.stringify(frame)) ?? false;
  }

  /** The reconnect button: a fresh round of retries. */
  reconnect = (): void => this.socket?.reconnect();

  /** Frames of one type; answers the way to unsubscribe. */
  on<T extends ServerFrameType>(type: T, handler: (frame: FrameOf<T>) => void): () => void {
    const set = this.handlers.get(type) ?? new Set<AnyHandler>();
    this.handlers.set(type, set);
    set.add(handler as AnyHandler);
    return () => set.delete(handler as AnyHandler);
  }

  /** Every frame, whatever its type, after the subscribers of its type: a sign the server is reachable. */
  onAnyFrame(handler: (frame: ServerFrame) => void): () => void {
    this.anyHandlers.add(handler);
    return () => this.anyHandlers.delete(handler);
  }

  /** Runs after every (re)connect, once the catch-up has been asked for: resend, refresh what may be stale. */
  onOpen(handler: () => void): () => void {
    this.openHandlers.add(handler);
    return () => this.openHandlers.delete(handler);
  }

  onStatus(listener: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  getStatus = (): RealtimeStatus => this.status;
  /** The last event of the user's log this tab has seen. */
  get lastEventSeq(): number {
    return this.seq;
  }
  /** This socket's id from the server's `init`: tells this device's own echoes from others'. */
  get clientId(): string {
    return this.id;
  }

  private receive(frame: ServerFrame): void {
    if (frame.type === 'init') {
      this.id = frame.client_id;
      // A fresh tab starts from the hub's current position; history comes from REST.
      if (!this.placed) this.seq = frame.seq;
      this.placed = true;
    } else if ('seq' in frame && frame.seq > this.seq) {
      this.seq = frame.seq;
    }
    for (const handler of [...(this.handlers.get(frame.type) ?? []), ...this.anyHandlers])
      this.safely(() => handler(frame));
  }

  private setStatus(status: RealtimeStatus): void {
    this.status = status;
    for (const listener of [...this.statusListeners]) this.safely(() => listener(status));
  }

  /** One subscriber's failure is reported, and the others still get the frame. */
  private safely(run: () => void): void {
    try {
      run();
    } catch (error) {
      console.error('a realtime subscriber failed', error);
    }
  }
}
