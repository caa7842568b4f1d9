// The original client's socket: opened on /wss without a ticket,
// it gets `init {client_id}` at once and nothing else until its `bindUid {user_id, token}` passes
// the same token check as every request. The Worker holds it, not a Durable Object: before that
// frame nobody knows whose it is. Once bound, the Worker mints a ticket and opens an ordinary
// socket to the user's UserHub, relaying its frames: from then on the hub sees a ticketed socket
// (fan-out, presence, the socket cap, closed when its session ends). docs/decisions/0027 says why.
import { nanoid } from 'nanoid';
import * as v from 'valibot';

import { userHub } from '../durable/stubs';
import { authenticate } from '../middleware/auth';
import { CODE } from '../protocol/codes';
import type { FrameOf } from '../protocol/frames';
import { parseJsonOrNull } from '../protocol/json';
import { NAMED_DEVICE_PREFIX, PING_FRAME, PONG_FRAME } from '../protocol/socket';
import { type Lang, pickLang, translate } from '../services/i18n';
import { AppError } from '../services/replies';
import { bearerToken } from '../services/tokens';
import { withFileLinks } from './file-links';
import { BIND_REFUSED_CLOSE_CODE, OriginalClientFrame, UNBOUND_CLOSE_CODE } from './frames';
import { escapeForOriginalClient, mayNeedEscaping } from './text';

/** An unbound socket is closed this long after it opened. */
export const BIND_WITHIN_MS = 10_000;
/** The server's ping to the socket, as the original's gateway. */
export const SERVER_PING_MS = 20_000;
/** How long a pong's `multiport` is answered from the relay's memory before the hub is asked again. */
export const MULTIPORT_MS = 300_000;

export interface SocketTimings {
  bindMs: number;
  pingMs: number;
}

/** The login's authToken as the original clients keep it: `bearer <jwt>`, or the bare token. */
const rawToken = (token: string) => bearerToken(token) ?? (/^\S+$/.test(token.trim()) ? token.trim() : null);

/** Codes a close frame cannot carry (1005/1006/1015) become a normal close. */
const sendable = (code: number) => (code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000);

/** A send to a socket that may have closed meanwhile (its close event not yet handled). */
function sendQuietly(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // Closed already: its close handler ends the relay.
  }
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(sendable(code), reason);
  } catch {
    // Closed already.
  }
}

/** Accepts the original client's socket; `request` is the upgrade, already checked for its Origin. */
export function openOriginalSocket(
  env: Env,
  request: Request,
  waitUntil: (work: Promise<unknown>) => void,
  timings: SocketTimings = { bindMs: BIND_WITHIN_MS, pingMs: SERVER_PING_MS },
): Response {
  const { 0: client, 1: socket } = new WebSocketPair();
  socket.accept();
  const lang = pickLang(request.headers.get('accept-language'));
  const clientId = nanoid(32);
  socket.send(JSON.stringify({ type: 'init', client_id: clientId }));
  let state = 'unbound' as 'unbound' | 'binding' | 'bound' | 'closed';
  const closed = () => state === 'closed';
  let hub: WebSocket | null = null;
  let uid = 0;

  const end = () => {
    state = 'closed';
    clearTimeout(unbound);
    clearInterval(pinger);
    if (hub) closeQuietly(hub, 1000, 'closed');
  };
  const unbound = setTimeout(() => {
    end();
    closeQuietly(socket, UNBOUND_CLOSE_CODE, 'not bound');
  }, timings.bindMs);
  const pinger = setInterval(() => sendQuietly(socket, PING_FRAME), timings.pingMs);
  socket.addEventListener('close', end);
  socket.addEventListener('error', end);

  // Whether the user has another socket open besides this one: asked of the hub at the bind, then
  // answered from here (a client pings every 30 s), set when the hub tells this socket of
  // a newer one (`offline`) and asked again once MULTIPORT_MS has passed.
  let multiport = false;
  let askedAt = -Infinity;
  const pong = async () => {
    if (uid > 0 && Date.now() - askedAt >= MULTIPORT_MS) {
      askedAt = Date.now();
      multiport = (await userHub(env, uid).socketCount()) > 1;
    }
    if (!closed()) sendQuietly(socket, JSON.stringify({ type: 'pong', multiport }));
  };
  const another = () => {
    multiport = true;
  };

  const bind = async (userId: number | string, token: string) => {
    state = 'binding';
    try {
      const raw = rawToken(token);
      if (!raw) throw new AppError(CODE.RELOGIN, 'user.mustToken', {}, 401);
      const { identity } = await authenticate(env, raw, waitUntil);
      // The claimed id only has to agree with the token's; the token alone says who this is.
      if (Number(userId) !== identity.uid) throw new AppError(CODE.REFUSED, 'system.notAuth');
      hub = await openHubSocket(env, request, identity, clientId, socket, another);
      if (!hub) throw new Error('the hub refused its own ticket');
    } catch (error) {
      end();
      refuse(socket, lang, error);
      return;
    }
    if (closed()) return closeQuietly(hub, 1000, 'closed');
    state = 'bound';
    uid = Number(userId);
    clearTimeout(unbound);
    await pong();
  };

  socket.addEventListener('message', (event) => {
    const text = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data);
    const frame = v.safeParse(OriginalClientFrame, parseJsonOrNull(text));
    // Anything else is ignored, as the original server did.
    if (!frame.success || closed()) return;
    const work =
      frame.output.type === 'bindUid'
        ? state === 'unbound'
          ? bind(frame.output.user_id, frame.output.token)
          : null
        : frame.output.type === 'ping'
          ? pong()
          : null;
    // The client's ping and its answer to ours keep the hub's socket from counting as silent
    // (the exact ping text is answered by the hub's auto-response, which does not wake it).
    if (state === 'bound' && hub && frame.output.type !== 'bindUid') sendQuietly(hub, PING_FRAME);
    if (work) waitUntil(work.catch((error: unknown) => console.warn('original client socket', error)));
  });

  return new Response(null, { status: 101, webSocket: client });
}

/**
 * A ticket for the verified session, then the hub's socket, accepted here and relayed to `socket`
 * at once (a ringing call's frame comes right after the hub's init); null if the hub refuses.
 */
async function openHubSocket(
  env: Env,
  request: Request,
  identity: { uid: number; sid: string; sat: number; ver: number; exp: number },
  clientId: string,
  socket: WebSocket,
  another: () => void,
): Promise<WebSocket | null> {
  const { uid, sid, sat, ver, exp } = identity;
  const ticket = `${uid}.${nanoid(32)}`;
  const stub = userHub(env, uid);
  // Each such socket is its own device: a new one tells the others, as a new login did.
  await stub.issueTicket(ticket, `${NAMED_DEVICE_PREFIX}${clientId}`, { sid, sat, ver, exp });
  const headers = new Headers({ upgrade: 'websocket' });
  for (const name of ['user-agent', 'accept-language']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const url = new URL(request.url);
  url.search = `?uid=${uid}&ticket=${ticket}`;
  const res = await stub.fetch(new Request(url, { headers }));
  const ws = res.webSocket;
  if (!ws) return null;
  ws.accept();
  relayFromHub(ws, socket, another);
  return ws;
}

/** A frame with its file links added and every string of its `data` HTML-escaped, as the original client renders them (text.ts). */
function forOriginalClient(text: string): string {
  const links = text.includes('"file_id"');
  if (!links && !mayNeedEscaping(text)) return text;
  const frame = parseJsonOrNull(text) as { data?: unknown } | null;
  if (!frame || typeof frame !== 'object' || frame.data === undefined) return text;
  return JSON.stringify({ ...frame, data: escapeForOriginalClient(links ? withFileLinks(frame.data) : frame.data) });
}

/** The hub's frames go to the original client, but for its `init` (the client has its own) and its pongs. */
function relayFromHub(hub: WebSocket, socket: WebSocket, another: () => void): void {
  let first = true;
  hub.addEventListener('message', (event) => {
    const text = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data);
    const skip = (first && text.startsWith('{"type":"init"')) || text === PONG_FRAME;
    first = false;
    // Another socket of the user opened (the hub tells the older ones).
    if (text.startsWith('{"type":"offline"')) another();
    if (!skip) sendQuietly(socket, forOriginalClient(text));
  });
  // The hub ended the socket (session ended, replaced, silent): the client hears the same code.
  hub.addEventListener('close', (event) => closeQuietly(socket, event.code, event.reason));
  hub.addEventListener('error', () => closeQuietly(socket, 1011, 'hub error'));
}

/** An error frame that says why, then the close: a token the check refused, or another user's id. */
function refuse(socket: WebSocket, lang: Lang, error: unknown): void {
  const known = error instanceof AppError;
  if (!known) console.warn('original client bindUid failed', error);
  const frame: FrameOf<'error'> = {
    type: 'error',
    data: known
      ? { code: error.code, msg: translate(lang, error.key, error.params) }
      : { code: CODE.REFUSED, msg: translate(lang, 'system.parameterError') },
  };
  sendQuietly(socket, JSON.stringify(frame));
  closeQuietly(socket, known ? BIND_REFUSED_CLOSE_CODE : 1011, 'bind refused');
}
