// A stand-in for the browser's WebSocket (jsdom has no server to talk to): every socket made is
// kept in `FakeSocket.made`, what the client sends in `sent`, and the test plays the server.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For tests of the running chat store: each test gets an empty IndexedDB and fake sockets, and
 * `stop` (the store's) runs after it, before the real WebSocket is back.
 */
export function withFakeSockets(stop: () => void): void {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });
}

export class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: [number?, string?] | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
  }
  /** The server accepted the upgrade. */
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  /** A frame from the server. */
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server's answer to a ping (workerd's auto-response). */
  pong() {
    this.push({ type: 'pong' });
  }
  /** The connection went away (server closed it with `code`, or the network dropped: 1006). */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
