// The public system configuration (getSystemInfo, reference §1.1), kept in storage as
// `globalConfig` so screens can use the last known copy at once and refresh it in the background.
import { useEffect, useState } from 'react';
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

export function storedSystemInfo(): SystemInfo {
  const parsed = v.safeParse(SystemInfoSchema, storage.getGlobalConfig() ?? {});
  return parsed.success ? parsed.output : v.parse(SystemInfoSchema, {});
}

export async function fetchSystemInfo(): Promise<SystemInfo> {
  const info = await apiPost('/common/pub/getSystemInfo', {}, SystemInfoSchema);
  storage.setGlobalConfig(info);
  return info;
}

/** The stored configuration now, replaced by the server's copy when it arrives. */
export function useSystemInfo(): SystemInfo {
  const [info, setInfo] = useState(storedSystemInfo);
  useEffect(() => {
    let live = true;
    // A failure was already shown by the API client; the stored copy stays in use.
    fetchSystemInfo().then((fresh) => live && setInfo(fresh), () => undefined);
    return () => {
      live = false;
    };
  }, []);
  return info;
}
