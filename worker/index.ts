// Parley's Worker: the table of contents. Every API path is case-insensitive (clients of the
// original call /common/Pub/login), so routes are registered lower-case and matched lower-cased.
import { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { handleError } from './middleware/errors';
import { readParams } from './middleware/params';
import { requireAuth } from './middleware/auth';
import { pickLang } from './services/i18n';
import { pub, devMailboxRoute } from './routes/pub';
import { account } from './routes/account';
import { CODE } from './protocol/codes';
import { translate } from './services/i18n';

const API_PREFIXES = ['/common/', '/enterprise/', '/dev/', '/wss', '/file/'];

const app = new Hono<AppEnv>({ getPath: (req) => new URL(req.url).pathname.toLowerCase().replace(/\/+$/, '') || '/' });

app.use('*', async (c, next) => {
  c.set('lang', pickLang(c.req.header('accept-language')));
  c.set('requestIp', c.req.header('cf-connecting-ip') ?? '127.0.0.1');
  c.header('x-content-type-options', 'nosniff');
  await next();
});

app.use('/common/*', readParams);
app.use('/enterprise/*', readParams, requireAuth);

app.route('/common/pub', pub);
app.route('/dev', devMailboxRoute);
app.route('/enterprise/im', account);

// Everything that is not API is the single-page app (Workers Static Assets, SPA fallback).
app.all('*', (c) => {
  const path = new URL(c.req.url).pathname.toLowerCase();
  if (API_PREFIXES.some((p) => path.startsWith(p))) {
    return c.json({ code: CODE.NOT_FOUND, msg: translate(c.get('lang'), 'system.notFound'), data: null }, 404);
  }
  return c.env.ASSETS.fetch(c.req.raw);
});

app.onError(handleError);

export default app;
export { UserHub } from './durable/user-hub';
export { ConversationHub } from './durable/conversation-hub';
