// The app's version, shared by the web app (about page, upgrade popup) and the Worker (the console's
// "oldest supported version" may not exceed it): both are built and deployed together, so the
// Worker's copy is the newest build there is. Kept equal to package.json's `version` (a web test checks).
export const APP_VERSION = '1.0.6';

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
