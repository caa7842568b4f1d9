// The explore tab's links, from the system configuration's `compass` (getSystemInfo): shown
// only when it is on (status '1'), as a list (mode '1') or a grid (mode '2'), each entry in its
// `order`, entries switched off (status '0') left out. An in-app entry (type '1') is a path of
// this app; an external one (type '2') an http(s) address opened in the web view.
import { PATHS } from '@web/config/paths';

export type CompassLayout = 'list' | 'grid';

export interface CompassLink {
  name: string;
  icon: string;
  /** Where the entry goes: a path of this app (the web view for an external address). */
  to: string;
  external: boolean;
  /** An external entry's address (normalised), which the web view may frame. */
  address?: string;
}

type Loose = Record<string, unknown>;
const isRecord = (x: unknown): x is Loose => typeof x === 'object' && x !== null && !Array.isArray(x);
const flag = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');

/** An http(s) address, normalised, or null for anything else (javascript:, data:, relative…). */
export function webAddress(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A path of this app ('/pages/…'), never an address elsewhere ('//host', '/\\host'). */
const appPath = (raw: string) => (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\') ? raw : null);

export const webViewPath = (url: string, title: string) =>
  `${PATHS.webview}?url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;

export function compassOf(info: object): { layout: CompassLayout; links: CompassLink[] } {
  const compass = (info as Loose).compass;
  if (!isRecord(compass) || flag(compass.status) === '0') return { layout: 'list', links: [] };
  const layout: CompassLayout = flag(compass.mode) === '2' ? 'grid' : 'list';
  const entries = Array.isArray(compass.list) ? compass.list.filter(isRecord) : [];
  const links = entries
    .filter((entry) => flag(entry.status) !== '0' && text(entry.name))
    .map((entry, index) => ({ entry, index, order: Number(entry.order) || 0 }))
    // By order; entries of the same order keep the configured sequence.
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .flatMap(({ entry }): CompassLink[] => {
      const name = text(entry.name);
      const url = text(entry.url);
      const icon = text(entry.icon);
      if (flag(entry.type) === '2') {
        const address = webAddress(url);
        return address ? [{ name, icon, to: webViewPath(address, name), external: true, address }] : [];
      }
      const path = appPath(url);
      return path ? [{ name, icon, to: path, external: false }] : [];
    });
  return { layout, links };
}

/**
 * The explore tab's external link for this address, or null. The web view frames only these: a
 * crafted `#/pages/mine/webview?url=` link must not show a stranger's page under this app's name.
 */
export function listedWebLink(info: object, raw: string | null | undefined): CompassLink | null {
  const address = webAddress(raw);
  return (address && compassOf(info).links.find((link) => link.external && link.address === address)) || null;
}
