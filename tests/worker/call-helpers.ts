// Calls tests' small helpers: two people with open sockets, sendToMsg, a fresh call id, and the
// call record as history answers it.
import { call, inObject, loginUser, userHubStub } from './helpers';
import { connect, type Socket } from './socket-helpers';

export interface Caller {
  token: string;
  uid: number;
  socket: Socket;
}

export const callId = () => `call-${crypto.randomUUID()}`;

/** A logged-in user with one open socket (`device`). */
export async function person(device = 'laptop'): Promise<Caller> {
  const u = await loginUser();
  return { token: u.token, uid: u.userInfo.user_id as number, socket: await connect(u.token, device) };
}

export const sendToMsg = (token: string, body: Record<string, unknown>) =>
  call('/enterprise/im/sendToMsg', body, { token });

/** `from` calls `to` (video); answers the envelope. */
export const dial = (from: { token: string }, to: { uid: number }, id: string, type = 1) =>
  sendToMsg(from.token, { id, toContactId: to.uid, type, event: 'calling' });

/** The `webrtc` frame of call `id` with event `event` on `socket`. */
export const webrtcFrame = (socket: Socket, id: string, event: string, more: (f: any) => boolean = () => true) =>
  socket.next((f) => f.type === 'webrtc' && f.data.id === id && f.data.extends.event === event && more(f), 5000);

/** The `webrtc` frames of call `id` on `socket` so far. */
export const webrtcFrames = (socket: Socket, id: string) =>
  socket.frames.filter((f) => f.type === 'webrtc' && f.data.id === id);

/** The call record of `id` in `viewer`'s chat with `peer`, as getMessageList answers it. */
export async function record(viewer: { token: string }, peer: { uid: number }, id: string) {
  const list = await call(
    '/enterprise/im/getMessageList',
    { toContactId: peer.uid, is_group: 0 },
    { token: viewer.token },
  );
  return (list.body.data as any[]).find((m) => m.id === id) ?? null;
}

/** The call lock a user's hub holds (null when free). */
export const lockOf = (uid: number) =>
  inObject(userHubStub(uid), (hub) => hub.parts.calls.get() as Record<string, any> | null);

/** Moves the held call's alarm deadline into the past, as if its time had passed. */
export const expireDeadline = (uid: number) =>
  inObject(userHubStub(uid), (hub) => {
    hub.parts.calls.update({ deadline: Date.now() - 1 });
  });

export const closeAll = (...people: { socket: Socket }[]) => {
  for (const p of people) if (p.socket.ws.readyState === WebSocket.OPEN) p.socket.close();
};
