// EchoHub: the benchmark's floor. A bare Durable Object that pushes whatever it is sent to its
// sockets, reached through the same Worker → Durable Object → socket path as a real message
// but without any rule, storage or second hop. Only reachable through the dev tools.
import { DurableObject } from 'cloudflare:workers';

export class EchoHub extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return new Response('expected websocket', { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async echo(payload: string): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) ws.send(payload);
  }
}
