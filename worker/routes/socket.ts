// The socket: an authenticated POST mints a one-time ticket (60 s) kept by the user's UserHub;
// the upgrade carries only the ticket, so no long-lived token ever appears in a URL.
import { Hono } from 'hono';
import { nanoid } from 'nanoid';

import type { AppEnv } from '../app-env';
import { userHub } from '../durable/stubs';
import { setFileCookie } from '../middleware/auth';
import { input } from '../middleware/params';
import { burstLimit } from '../middleware/rate-limit';
import { WsTicketBody } from '../protocol/messages';
import type { Ticket } from '../protocol/responses';
import { envelope } from '../services/replies';
import { bearerToken } from '../services/tokens';

/** A ticket is `<uid>.<32 URL-safe characters>`: 192 random bits, more than a UUID's 122. */
const TICKET_CHARS = 32;
const TICKET = new RegExp(`^\\d+\\.[A-Za-z0-9_-]{${TICKET_CHARS}}$`);

export const ticket = new Hono<AppEnv>().post('/wsticket', burstLimit('ticket'), async (c) => {
  const { device_id } = input(c, WsTicketBody);
  const { uid, sid, sat, ver, exp } = c.get('identity');
  const value = `${uid}.${nanoid(TICKET_CHARS)}`;
  // The socket remembers this token's session: it closes when the session ends.
  await userHub(c.env, uid).issueTicket(value, device_id ?? 'unknown', { sid, sat, ver, exp });
  // Every (re)connect refreshes the download cookie, so media keeps loading after a token renewal.
  const raw = bearerToken(c.req.header('authorization'));
  if (raw) setFileCookie(c, raw, c.get('identity').exp * 1000);
  return c.json(envelope({ ticket: value } satisfies Ticket));
});

export const upgrade = new Hono<AppEnv>().get('/', async (c) => {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return c.text('expected a WebSocket upgrade', 426);
  const origin = c.req.header('origin');
  // Browsers always send Origin on a WebSocket handshake; refuse pages of other sites.
  // `Origin: null` (sandboxed frames, file://) or a malformed one is refused too, never a 500.
  if (origin && (!URL.canParse(origin) || new URL(origin).host !== new URL(c.req.url).host))
    return c.text('origin not allowed', 403);
  const value = c.req.query('ticket') ?? '';
  const uid = Number(value.split('.')[0]);
  if (!TICKET.test(value) || !Number.isSafeInteger(uid)) return c.text('invalid ticket', 401);
  const url = new URL(c.req.url);
  url.search = `?uid=${uid}&ticket=${value}`;
  return userHub(c.env, uid).fetch(new Request(url, c.req.raw));
});
