/* global WebSocketPair */
// The benchmark's floor: a bare Worker and Durable Object, with no rule, storage or second hop.
// A socket opens on the object (GET /echo?room=…); a POST to the Worker is handed to the object,
// which pushes it to its sockets. It is the same Worker → Durable Object → socket path a Parley
// message takes, at its cheapest. It is not part of Parley's Worker: bench/latency.mjs runs it
// in its own workerd (docs/decisions/0033-echo-hub.md).
import { DurableObject } from 'cloudflare:workers';

export class EchoHub extends DurableObject {
  async fetch(request) {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket')
      return new Response('expected websocket', { status: 426 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  async echo(payload) {
    for (const ws of this.ctx.getWebSockets()) ws.send(payload);
  }
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname !== '/echo') return new Response('not found', { status: 404 });
    const hub = env.ECHO_HUB.get(env.ECHO_HUB.idFromName(url.searchParams.get('room') ?? 'default'));
    if (request.method === 'POST') {
      await hub.echo(await request.text());
      return new Response('{"code":0}', { headers: { 'content-type': 'application/json' } });
    }
    return hub.fetch(request);
  },
};
