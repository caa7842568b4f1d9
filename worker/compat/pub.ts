// The original client's socket calls that Parley answers without doing anything: the
// reference's bindUid trusted any `user_id` (anyone could listen as anyone), so a socket is
// bound only by its own `bindUid` frame with a token (socket.ts); a user's socket
// already gets every group's frames, so bindGroup has nothing to join; and presence follows the
// sockets, so offline (sent once the client stopped reconnecting, its sockets closed) has nothing
// to change, and could never mark someone else offline. None reads a token or a body.
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { envelope } from '../services/replies';

export const pubNoOps = new Hono<AppEnv>();

for (const path of ['/binduid', '/bindgroup', '/offline']) pubNoOps.post(path, (c) => c.json(envelope(null)));
