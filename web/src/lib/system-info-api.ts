// Fetching the public system configuration (getSystemInfo) and its schema.
// Loaded on demand by system-info.ts, so the validator and the API client stay out of the
// login page's first download.
import * as v from 'valibot';

import { apiPost } from './api-client';
import { storage } from './storage';

// The server sends flags as strings ('1'); older data may hold numbers.
const flag = v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), '');

export const SystemInfoSchema = v.looseObject({
  sysInfo: v.optional(
    v.looseObject({
      name: v.optional(v.string(), ''),
      logo: v.optional(v.string(), ''),
      /** '1' open registration, '2' registration by invite code. */
      regtype: flag,
      /** '0' no verification code at registration; other values require one. */
      regauth: flag,
    }),
    {},
  ),
  chatInfo: v.optional(v.looseObject({}), {}),
  fileUpload: v.optional(v.looseObject({}), {}),
  demon_mode: v.optional(v.boolean(), false),
});

export type SystemInfo = v.InferOutput<typeof SystemInfoSchema>;

/** Fetches and stores the configuration; `quiet` for a background refresh that may fail unseen. */
export async function fetchSystemInfo(quiet = false): Promise<SystemInfo> {
  const info = await apiPost('/common/pub/getSystemInfo', {}, SystemInfoSchema, { quiet });
  storage.setGlobalConfig(info);
  return info;
}
