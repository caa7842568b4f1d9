// common/push: a browser's Web Push subscription for the signed-in user (README "Notifications").
// The UserHub sends to it while the user has no socket (durable/user/push-notes.ts).
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { removeSubscription, saveSubscription } from '../db/push-subscriptions';
import { input } from '../middleware/params';
import { PushSubscribeBody, PushUnsubscribeBody } from '../protocol/push';
import { envelope } from '../services/replies';

export const push = new Hono<AppEnv>();

/** The VAPID public key the browser subscribes with ('' while the operator has set none). */
push.post('/publickey', (c) => c.json(envelope({ publicKey: c.env.VAPID_PUBLIC_KEY ?? '' })));

push.post('/subscribe', async (c) => {
  const body = input(c, PushSubscribeBody);
  const identity = c.get('identity');
  await saveSubscription(c.env.DB, {
    userId: identity.uid,
    deviceId: body.device_id ?? '',
    sessionId: identity.sid,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    lang: c.get('lang'),
    origin: new URL(c.req.url).origin,
  });
  return c.json(envelope(null));
});

push.post('/unsubscribe', async (c) => {
  const body = input(c, PushUnsubscribeBody);
  await removeSubscription(c.env.DB, c.get('identity').uid, body.endpoint);
  return c.json(envelope(null));
});
