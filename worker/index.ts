// Parley's Worker: the table of contents. Every API path is case-insensitive (clients of the
// original call /common/Pub/login), so routes are registered lower-case and matched lower-cased.
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { handleError } from './middleware/errors';
import { notFound } from './services/replies';
import { readParams } from './middleware/params';
import { requireAuth } from './middleware/auth';
import { pickLang } from './services/i18n';
import { pub } from './routes/pub';
import { account } from './routes/account';
import { chats } from './routes/chats';
import { friends } from './routes/friends';
import { directory } from './routes/directory';
import { messages } from './routes/messages';
import { calls } from './routes/calls';
import { upload, download } from './routes/upload';
import { qrCode, scan } from './routes/scan';
import { groups, groupScan } from './routes/groups';
import { avatar } from './routes/avatar';
import { ticket, upgrade } from './routes/socket';
import { devTools } from './routes/dev';
import { pathOf } from './services/request-path';
import { securityHeaders } from './middleware/security-headers';
import { clientIp } from './services/client-ip';

const API_PREFIXES = ['/common/', '/enterprise/', '/dev/', '/wss', '/file/', '/scan/'];

const app = new Hono<AppEnv>({ getPath: (req) => pathOf(req.url).toLowerCase().replace(/\/+$/, '') || '/' });

app.use('*', securityHeaders);
app.use('*', async (c, next) => {
  c.set('lang', pickLang(c.req.header('accept-language')));
  c.set('requestIp', clientIp(c.req.header('cf-connecting-ip'), c.env));
  c.header('x-content-type-options', 'nosniff');
  await next();
});

app.use('/common/*', readParams);
app.use('/enterprise/*', readParams, requireAuth);
app.use('/common/upload/*', requireAuth);
app.use('/common/pub/wsticket', requireAuth);
app.use('/common/pub/logoutall', requireAuth);
app.use('/file/*', requireAuth);
// A QR link opened by a camera app (GET) needs no token; resolving it in the app (POST) does.
app.on('POST', '/scan/*', readParams, requireAuth);

app.route('/common/pub', ticket);
app.route('/common/pub', pub);
app.route('/common/upload', upload);
app.route('/common/upload', avatar);
app.route('/enterprise/im', account);
app.route('/enterprise/im', chats);
app.route('/enterprise/im', messages);
app.route('/enterprise/im', calls);
app.route('/enterprise/im', directory);
app.route('/enterprise/friend', friends);
app.route('/enterprise/im', qrCode);
app.route('/scan', scan);
app.route('/scan', groupScan);
app.route('/enterprise/group', groups);
app.route('/file', download);
app.route('/wss', upgrade);
app.route('/dev', devTools);

// Everything that is not API is the single-page app (Workers Static Assets, SPA fallback).
app.all('*', (c) => {
  if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) throw notFound();
  return c.env.ASSETS.fetch(c.req.raw);
});

app.onError(handleError);

export default app;
export { UserHub } from './durable/user-hub';
export { ConversationHub } from './durable/conversation-hub';
export { EchoHub } from './durable/echo-hub';
export { LimitHub } from './durable/limit-hub';
