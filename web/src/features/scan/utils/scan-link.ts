// Where a scanned text leads: a Parley card link (`…/scan/u/<token>`) opens that person's page,
// a group link (`…/scan/g/<token>`) the group's; anything else is not ours (null). The link's
// host is not trusted for anything: only its token is taken, and this app's own server judges it.
import { PATHS } from '@web/config/paths';

const LINK = /^\/scan\/([ug])\/([A-Za-z0-9._~-]{1,2048})\/?$/;

export function scanTarget(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = LINK.exec(url.pathname);
  if (!match) return null;
  const [, kind, token] = match;
  const qr = encodeURIComponent(token!);
  return kind === 'u' ? `${PATHS.contactDetail}?qr=${qr}` : `${PATHS.groupInfo}?qr=${qr}`;
}
