// common/push: a browser's Web Push subscription for the signed-in user (docs/notifications.md).
// The UserHub sends to it while the user has no socket (durable/user/push-notes.ts).
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { removeSubscription, saveSubscription } from '../db/push-subscriptions';
import { userHub } from '../durable/stubs';
import { input } from '../middleware/params';
import {
  type PushKey,
  PushSettingBody,
  type PushShowText,
  PushSubscribeBody,
  PushUnsubscribeBody,
} from '../protocol/push';
import { envelope } from '../services/replies';

export const push = new Hono<AppEnv>();

/** The VAPID public key the browser subscribes with ('' while the operator has set none), and the user's setting. */
push.post('/publickey', async (c) => {
  const { showText } = await userHub(c.env, c.get('identity').uid).pushSettings();
  return c.json(envelope({ publicKey: c.env.VAPID_PUBLIC_KEY ?? '', show_text: showText ? 1 : 0 } satisfies PushKey));
});

/** "Show message text in notifications": off, a notification says only who wrote (and how many). */
push.post('/setting', async (c) => {
  const { show_text } = input(c, PushSettingBody);
  const { showText } = await userHub(c.env, c.get('identity').uid).pushSettings({ showText: show_text === 1 });
  return c.json(envelope({ show_text: showText ? 1 : 0 } satisfies PushShowText));
});

push.post('/subscribe', async (c) => {
  const body = input(c, PushSubscribeBody);
  const identity = c.get('identity');
  await saveSubscription(c.env.DB, {
    userId: identity.uid,
    deviceId: body.device_id ?? '',
    sessionId: identity.sid,
    sessionExpires: identity.exp,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    lang: c.get('lang'),
    origin: new URL(c.req.url).origin,
  });
  // The user's hub (and the groups that parked them) believed they had none.
  await userHub(c.env, identity.uid).pushSubscribed(identity.uid);
  return c.json(envelope(null));
});

push.post('/unsubscribe', async (c) => {
  const body = input(c, PushUnsubscribeBody);
  await removeSubscription(c.env.DB, c.get('identity').uid, body.endpoint);
  return c.json(envelope(null));
});
