// Opens real WebSockets to the Worker (ticket, then upgrade) and collects the frames. Every frame
// must match the protocol (ServerFrameSchema, what the web app parses with): one that does not
// fails the test waiting on that socket, so each socket test also proves the wire contract.
import { exports } from 'cloudflare:workers';
import * as v from 'valibot';

import { ServerFrameSchema } from '@protocol/frames';

import { OriginalServerFrame } from '../../worker/compat/frames';
import { call } from './helpers';

export interface Socket {
  ws: WebSocket;
  frames: any[];
  next(predicate: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  until(count: (frames: any[]) => boolean, timeoutMs?: number): Promise<any[]>;
  send(frame: unknown): void;
  close(): void;
  /** Settles when the server closes the socket (or it closes any other way), with the code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

export async function connect(token: string, deviceId = 'test-device', userAgent?: string): Promise<Socket> {
  const { body } = await call('/common/pub/wsTicket', { device_id: deviceId }, { token });
  const headers = { upgrade: 'websocket', ...(userAgent ? { 'user-agent': userAgent } : {}) };
  const res = await exports.default.fetch(
    new Request(`http://parley.test/wss?ticket=${body.data.ticket}`, { headers }),
  );
  const ws = res.webSocket;
  if (!ws) throw new Error(`upgrade refused: ${res.status}`);
  return watch(ws, ServerFrameSchema);
}

/** What an original client's socket may get: the protocol's frames, or the original-only init, ping and pong. */
export const ORIGINAL_FRAMES = v.union([OriginalServerFrame, ServerFrameSchema]);

/**
 * The original clients' socket: /wss without a ticket, from the app's own Origin. Its
 * frames must match the protocol or one of the original-only frames (init without seq, ping, pong
 * with multiport).
 */
export async function connectOriginal(origin = 'http://parley.test'): Promise<Socket> {
  const res = await exports.default.fetch(
    new Request('http://parley.test/wss', { headers: { upgrade: 'websocket', origin, 'accept-language': 'en' } }),
  );
  const ws = res.webSocket;
  if (!ws) throw new Error(`upgrade refused: ${res.status}`);
  return watch(ws, ORIGINAL_FRAMES);
}

/** Accepts `ws` and collects its frames; a frame off `schema` fails whoever waits on the socket. */
export function watch(ws: WebSocket, schema: v.GenericSchema): Socket {
  ws.accept();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason })),
  );
  const frames: any[] = [];
  const waiters = new Set<() => void>();
  const offProtocol: string[] = [];
  ws.addEventListener('message', (e) => {
    const frame = JSON.parse(String(e.data));
    const parsed = v.safeParse(schema, frame);
    if (!parsed.success)
      offProtocol.push(
        `${String(e.data).slice(0, 300)} — ${v.getDotPath(parsed.issues[0]) ?? ''}: ${parsed.issues[0].message}`,
      );
    frames.push(frame);
    for (const w of waiters) w();
  });
  const until = (done: (f: any[]) => boolean, timeoutMs = 5000) =>
    new Promise<any[]>((resolve, reject) => {
      const check = () => {
        if (offProtocol.length > 0) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`a frame does not match the protocol: ${offProtocol[0]}`));
        } else if (done(frames)) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(frames);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out; frames: ${JSON.stringify(frames).slice(0, 2000)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    ws,
    frames,
    until,
    next: async (predicate, timeoutMs) => (await until((f) => f.some(predicate), timeoutMs)).find(predicate),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    close: () => ws.close(1000, 'bye'),
    closed,
  };
}

/** The code the server closed `socket` with within `ms`, or 'open' if it is still open then. */
export const closeCode = (socket: Socket, ms = 2000) =>
  Promise.race([
    socket.closed.then((c) => c.code),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ]);
