// The reference's "forcibly" update type (issue 24 item 2): the operator names, in getSystemInfo's
// `sysInfo.minVersion`, the oldest client version the server still talks to; an app below it shows
// the upgrade popup without Later.

/** Whether dotted version `version` is below `min` ("1.0.6" < "1.0.10"); an empty or unreadable `min` asks nothing. */
export function isBelow(version: string, min: string): boolean {
  const parse = (v: string) => (/^\d+(\.\d+)*$/.test(v.trim()) ? v.trim().split('.').map(Number) : null);
  const have = parse(version);
  const need = parse(min);
  if (!have || !need) return false;
  for (let i = 0; i < Math.max(have.length, need.length); i++) {
    const a = have[i] ?? 0;
    const b = need[i] ?? 0;
    if (a !== b) return a < b;
  }
  return false;
}
