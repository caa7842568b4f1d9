// Parley serves the original open-source Raingad web client against its API: this folder is all of
// it, one adapter in front of the core, which never asks which client calls (docs/decisions/0093).
// The adapter tells that client by its `sessionId` header (detect.ts), rewrites its requests into
// the core's (requests.ts) and the core's answers into its own (answers.ts), and serves what only
// it calls: its socket handshake and relay (socket.ts), its file panel, download, letter avatars,
// file icons and operator picture upload (files.ts), its preferences (settings.ts) and the socket
// calls that do nothing here (pub.ts). worker/index.ts mounts it once, before the core's middleware
// and routes; its own routes bring their own parameter reading and sign-in check.
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { requireAuth } from '../middleware/auth';
import { readParams } from '../middleware/params';
import { claimBurst } from '../middleware/rate-limit';
import { originalAnswers } from './answers';
import { fileDown, fileIcon, filesIndex, letterAvatar, uploadImage } from './files';
import { pubNoOps } from './pub';
import { nameTheChat, originalRequests } from './requests';
import { settings } from './settings';
import { openOriginalSocket } from './socket';

/** Its paths outside the API's prefixes: a miss there is the API's not-found, never the app's page. */
export const ORIGINAL_CLIENT_PREFIXES = ['/filedown/', '/avatar/', '/fileicon/'];

export const originalClient = new Hono<AppEnv>();

originalClient.use('*', originalAnswers);
for (const path of ['/common/*', '/enterprise/*', '/manage/*']) originalClient.use(path, originalRequests);
originalClient.on('POST', '/scan/*', originalRequests);
originalClient.use('/enterprise/im/undomessage', readParams, requireAuth, nameTheChat('id'));
originalClient.use('/enterprise/im/forwardmessage', readParams, requireAuth, nameTheChat('msg_id'));

// A socket upgrade without a ticket is its handshake, from the app's own pages only (a missing
// Origin is refused, unlike a ticket's: the socket is unauthenticated until its first frame). Held
// unbound by the Worker until its bindUid frame, its opens are counted per address.
originalClient.use('/wss', async (c, next) => {
  if (c.req.query('ticket') !== undefined || c.req.header('upgrade')?.toLowerCase() !== 'websocket') return next();
  const origin = c.req.header('origin');
  if (!origin || !URL.canParse(origin) || new URL(origin).host !== new URL(c.req.url).host)
    return origin ? c.text('origin not allowed', 403) : c.text('invalid ticket', 401);
  await claimBurst(c, 'unboundSocket');
  return openOriginalSocket(c.env, c.req.raw, (work) => c.executionCtx.waitUntil(work));
});

originalClient.route('/common/pub', pubNoOps);
originalClient.route('/enterprise/im', settings);
originalClient.use('/enterprise/files/*', readParams, requireAuth);
originalClient.route('/enterprise/files', filesIndex);
originalClient.use('/common/upload/uploadimage', requireAuth);
originalClient.route('/common/upload', uploadImage);
originalClient.use('/filedown/*', requireAuth);
originalClient.route('/filedown', fileDown);
originalClient.route('/avatar', letterAvatar);
originalClient.route('/fileicon', fileIcon);
