// The client's address for throttling. Cloudflare sets cf-connecting-ip on every request from the
// internet; only development (`wrangler dev`, tests, the benchmark) may lack it, and there each such
// request falls back to 127.0.0.1 (it is all one person). In production a request without it is
// not pooled under one address, where one client's failures would throttle everyone's: it has
// no address (''), and the calls that throttle by address refuse it (requireClientIp).
import { refuse } from './replies';

export function clientIp(header: string | undefined, env: { DEV_MAILBOX?: string }): string {
  const ip = header?.trim();
  if (ip) return ip;
  return env.DEV_MAILBOX === 'true' ? '127.0.0.1' : '';
}

/** The address a guess is counted against; a request without one is refused, never pooled. */
export function requireClientIp(ip: string): string {
  if (!ip) throw refuse('system.notAuth');
  return ip;
}

/**
 * Whom an address-counted limit counts: an IPv4 address itself, an IPv6 address by its /64 (one
 * subscriber's network gets a whole /64, so counting single addresses would let one client use
 * 2^64 of them); an IPv4-mapped IPv6 address as its IPv4. Anything unparsable is counted as given.
 */
export function ipBucket(ip: string): string {
  if (!ip.includes(':')) return ip;
  const halves = ip.toLowerCase().split('::');
  if (halves.length > 2) return ip;
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap(dottedToGroups) : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const gap = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (gap < 0) return ip;
  const full = [...head, ...Array<string>(gap).fill('0'), ...tail];
  if (full.length !== 8 || !full.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return ip;
  const words = full.map((g) => parseInt(g, 16));
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff)
    return [words[6]! >> 8, words[6]! & 255, words[7]! >> 8, words[7]! & 255].join('.');
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
}

/** An embedded IPv4 ("1.2.3.4") as its two 16-bit groups; any other group as it is. */
function dottedToGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const bytes = group.split('.').map(Number);
  if (bytes.length !== 4 || !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return ['x'];
  return [((bytes[0]! << 8) | bytes[1]!).toString(16), ((bytes[2]! << 8) | bytes[3]!).toString(16)];
}
