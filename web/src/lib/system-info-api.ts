// Fetching the public system configuration (getSystemInfo), read with its schema
// (worker/protocol/system-info.ts). Loaded on demand by system-info.ts, so the validator and the API
// client stay out of the login page's first download.
import { type SystemInfo, SystemInfoSchema } from '@protocol/system-info';

import { apiPost } from './api-client';
import { storage } from './storage';

export type { SystemInfo };

/** Fetches and stores the configuration; `quiet` for a background refresh that may fail unseen. */
export async function fetchSystemInfo(quiet = false): Promise<SystemInfo> {
  const info = await apiPost('/common/pub/getSystemInfo', {}, SystemInfoSchema, { quiet });
  storage.setGlobalConfig(info);
  return info;
}
