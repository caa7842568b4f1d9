// getSystemInfo's answer (and the `updateConfig` frame's data): the configuration everyone may read.
import * as v from 'valibot';

/**
 * A switch or a number of the configuration, as text. Parley writes them as strings ('1'), as the
 * original did; a configuration row written by hand, or carried over from the original's database,
 * may hold numbers, which the Worker passes on as stored (db/config.ts merges rows without
 * rewriting them). Read as text here, the one place that accepts both.
 */
const configText = v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), '');

export const SystemInfoSchema = v.looseObject({
  sysInfo: v.optional(
    v.looseObject({
      name: v.optional(v.string(), ''),
      logo: v.optional(v.string(), ''),
      /** '1' open registration, '2' registration by invite code. */
      regtype: configText,
      /** '0' no verification code at registration; other values require one. */
      regauth: configText,
    }),
    {},
  ),
  chatInfo: v.optional(v.looseObject({}), {}),
  fileUpload: v.optional(v.looseObject({}), {}),
  /** The explore tab's settings and links. */
  compass: v.optional(v.unknown()),
  /** Whether the demo runs (its shared accounts are offered on the login page). */
  demon_mode: v.optional(v.boolean(), false),
});
export type SystemInfo = v.InferOutput<typeof SystemInfoSchema>;
