// common/push: the server's VAPID key, and this browser's subscription given to or taken from the
// signed-in user (POST /common/push/…).
import * as v from 'valibot';

import { PushKeySchema, PushShowTextSchema } from '@protocol/push';
import { apiPost } from '@web/lib/api-client';
import { storage } from '@web/lib/storage';

/** The key push services check the server's messages against; '' when the operator set none. */
export async function getPushKey(): Promise<string> {
  const { publicKey } = await apiPost('/common/push/publicKey', {}, PushKeySchema, {
    quietNetwork: true,
  });
  return publicKey;
}

/** Sends `subscription` (endpoint and keys) with this device's id, the one the socket ticket names. */
export async function postSubscription(subscription: PushSubscription, quietNetwork = false): Promise<void> {
  const body = { ...subscription.toJSON(), device_id: storage.getDeviceId() };
  await apiPost('/common/push/subscribe', body, v.unknown(), { quietNetwork });
}

export async function postUnsubscribe(endpoint: string): Promise<void> {
  await apiPost('/common/push/unsubscribe', { endpoint }, v.unknown(), { quietNetwork: true });
}

/** "Show message text in notifications": the user's, for all their devices (on unless turned off). */
export async function getShowText(): Promise<boolean> {
  const { show_text } = await apiPost('/common/push/publicKey', {}, PushKeySchema, { quietNetwork: true });
  return show_text === 1;
}

export async function setShowText(on: boolean): Promise<boolean> {
  const { show_text } = await apiPost('/common/push/setting', { show_text: on ? 1 : 0 }, PushShowTextSchema);
  return show_text === 1;
}
