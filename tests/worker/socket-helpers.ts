// Opens real WebSockets to the Worker (ticket, then upgrade) and collects the frames.
import { exports } from 'cloudflare:workers';
import { call } from './helpers';

export interface Socket {
  ws: WebSocket;
  frames: any[];
  next(predicate: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  until(count: (frames: any[]) => boolean, timeoutMs?: number): Promise<any[]>;
  send(frame: unknown): void;
  close(): void;
}

export async function connect(token: string, deviceId = 'test-device', userAgent?: string): Promise<Socket> {
  const { body } = await call('/common/pub/wsTicket', { device_id: deviceId }, { token });
  const headers = { upgrade: 'websocket', ...(userAgent ? { 'user-agent': userAgent } : {}) };
  const res = await exports.default.fetch(new Request(`http://parley.test/wss?ticket=${body.data.ticket}`, { headers }));
  const ws = res.webSocket;
  if (!ws) throw new Error(`upgrade refused: ${res.status}`);
  ws.accept();
  const frames: any[] = [];
  const waiters = new Set<() => void>();
  ws.addEventListener('message', (e) => {
    frames.push(JSON.parse(String(e.data)));
    for (const w of waiters) w();
  });
  const until = (done: (f: any[]) => boolean, timeoutMs = 5000) =>
    new Promise<any[]>((resolve, reject) => {
      const check = () => {
        if (done(frames)) {
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
  };
}
