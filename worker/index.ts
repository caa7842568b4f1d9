// Parley's Worker: the table of contents. Every API path is case-insensitive (clients of the
// original system call /common/Pub/login), so routes are registered lower-case and matched lower-cased.
import { Hono } from 'hono';

import type { AppEnv } from './app-env';
import { ORIGINAL_CLIENT_PREFIXES, originalClient } from './compat';
import { requireAuth } from './middleware/auth';
import { costMeter } from './middleware/cost-meter';
import { handleError } from './middleware/errors';
import { requireOperator } from './middleware/operator';
import { readParams } from './middleware/params';
import { securityHeaders } from './middleware/security-headers';
import { account } from './routes/account';
import { avatar } from './routes/avatar';
import { calls } from './routes/calls';
import { chats } from './routes/chats';
import { devTools } from './routes/dev';
import { directory } from './routes/directory';
import { friends } from './routes/friends';
import { groupScan } from './routes/group-qr';
import { groups } from './routes/groups';
import { manage } from './routes/manage';
import { announcements } from './routes/manage/announcements';
import { messages } from './routes/messages';
import { pub } from './routes/pub';
import { push } from './routes/push';
import { reports } from './routes/reports';
import { qrCode, scan } from './routes/scan';
import { ticket, upgrade } from './routes/socket';
import { download, upload } from './routes/upload';
import { clientIp } from './services/client-ip';
import { pickLang } from './services/i18n';
import { notFound } from './services/replies';
import { pathOf } from './services/request-path';

const API_PREFIXES = [
  '/common/',
  '/enterprise/',
  '/manage/',
  '/dev/',
  '/wss',
  '/file/',
  '/scan/',
  ...ORIGINAL_CLIENT_PREFIXES,
];

const app = new Hono<AppEnv>({ getPath: (req) => pathOf(req.url).toLowerCase().replace(/\/+$/, '') || '/' });

app.use('*', securityHeaders);
app.use('*', costMeter);
app.use('*', async (c, next) => {
  c.set('lang', pickLang(c.req.header('accept-language')));
  c.set('requestIp', clientIp(c.req.header('cf-connecting-ip'), c.env));
  c.header('x-content-type-options', 'nosniff');
  await next();
});

// The original Raingad web client, served by one adapter in front of everything below (worker/compat/).
app.route('/', originalClient);
app.use('/common/*', readParams);
app.use('/enterprise/*', readParams, requireAuth);
app.use('/manage/*', readParams, requireAuth, requireOperator);
app.use('/common/upload/*', requireAuth);
app.use('/common/pub/wsticket', requireAuth);
app.use('/common/pub/logoutall', requireAuth);
app.use('/common/push/*', requireAuth);
app.use('/file/*', requireAuth);
// A QR link opened by a camera app (GET) needs no token; resolving it in the app (POST) does.
app.on('POST', '/scan/*', readParams, requireAuth);

app.route('/common/pub', ticket);
app.route('/common/pub', pub);
app.route('/common/push', push);
app.route('/common/upload', upload);
app.route('/common/upload', avatar);
app.route('/enterprise/im', account);
app.route('/enterprise/im', chats);
app.route('/enterprise/im', messages);
app.route('/enterprise/im', calls);
app.route('/enterprise/im', directory);
app.route('/enterprise/im', announcements);
app.route('/enterprise/im', reports);
app.route('/enterprise/friend', friends);
app.route('/enterprise/im', qrCode);
app.route('/scan', scan);
app.route('/scan', groupScan);
app.route('/enterprise/group', groups);
app.route('/file', download);
app.route('/wss', upgrade);
app.route('/manage', manage);
app.route('/dev', devTools);

// Everything that is not API is the single-page app (Workers Static Assets, SPA fallback).
app.all('*', (c) => {
  if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) throw notFound();
  return c.env.ASSETS.fetch(c.req.raw);
});

app.onError(handleError);

export default app;
export { ConversationHub } from './durable/conversation/hub';
export { LimitHub } from './durable/limit/hub';
export { UserHub } from './durable/user/hub';
