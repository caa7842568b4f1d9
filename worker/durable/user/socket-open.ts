// A socket opening on this user's hub (the Worker routes the upgrade here with a one-time ticket):
// it is told the log's last seq, the account's other devices hear that it logged in elsewhere,
// presence goes out when it is the first, the big groups that parked the user send what waited,
// and a call ringing for the user rings here too.
import type { FrameOf } from '../../protocol/frames';
import { callingEvent } from './call/frames';
import type { UserParts } from './parts';

export function openSocket(parts: UserParts, request: Request): Response {
  const { ctx, sockets, log, presence, parked, calls } = parts;
  const url = new URL(request.url);
  const uid = Number(url.searchParams.get('uid'));
  const opened = sockets.accept(request, uid, url.searchParams.get('ticket') ?? '');
  if (!opened) return new Response('invalid ticket', { status: 401 });
  const { client, server, info, others } = opened;
  server.send(JSON.stringify({ type: 'init', client_id: info.clientId, seq: log.last() } satisfies FrameOf<'init'>));
  // Tell the account's other devices that it logged in elsewhere; each client decides.
  const notice = log.frame('offline', { id: uid, client_id: info.clientId, isMobile: info.isMobile });
  for (const ws of others) if (sockets.info(ws).deviceId !== info.deviceId) ws.send(notice);
  // Presence fans out to many hubs; the socket should not wait for it.
  if (others.length === 0) ctx.waitUntil(presence.set(uid, 1));
  // What big groups kept while this user had no socket arrives as frames on the new one.
  ctx.waitUntil(parked.resume(uid));
  // A call ringing (by Web Push, or on the user's other devices) rings here too.
  const call = calls.get();
  if (call?.role === 'callee' && call.phase === 'ringing' && call.msg_id > 0)
    server.send(log.frame('webrtc', callingEvent(call)));
  return new Response(null, { status: 101, webSocket: client });
}
