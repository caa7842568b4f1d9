// QR cards (fixed: a signed token that expires, never a bare user id).
// `getQrCode` hands out my card's link; `POST /scan/u/{token}` (signed in) answers the person
// behind it; `GET /scan/u/{token}` (a phone's camera app opening the link) lands in the app,
// which resolves the token after login.
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { personCard } from '../db/person-card';
import { findUserById } from '../db/users';
import { jwtSecret } from '../middleware/auth';
import { input } from '../middleware/params';
import { type QrCode, ScanBody, type ScanResult } from '../protocol/people';
import { readQrToken, signQrToken } from '../services/qr-tokens';
import { envelope, refuse } from '../services/replies';
import { tokenInPath } from '../services/request-path';

/** Mounted at /enterprise/im: my card's QR link, valid QR_VALID_SECONDS. */
export const qrCode = new Hono<AppEnv>().post('/getqrcode', async (c) => {
  const me = c.get('identity').uid;
  const { token, expiresAt } = await signQrToken(jwtSecret(c.env), 'u', me);
  const url = `${new URL(c.req.url).origin}/scan/u/${token}`;
  return c.json(envelope({ url, token, expire: expiresAt } satisfies QrCode));
});

export const scan = new Hono<AppEnv>();

scan.post('/u/:token', async (c) => {
  const { realToken } = input(c, ScanBody);
  // The original's clients also send the token as `realToken`; either way it must verify.
  const token = realToken || tokenInPath(c.req.url);
  const subject = await readQrToken(jwtSecret(c.env), 'u', token);
  const uid = subject !== null && /^\d{1,12}$/.test(subject) ? Number(subject) : 0;
  const row = uid > 0 ? await findUserById(c.env.DB, uid) : null;
  // Expired, forged, another kind, or a person who is gone: one answer, so a code reveals nothing more.
  if (!row || row.status !== 1) throw refuse('scan.failure');
  const person = await personCard(c.env.DB, c.get('identity').uid, row);
  return c.json(envelope({ ...person, action: 'userInfo' } satisfies ScanResult));
});

/** A camera app opened the link: on to the contact card in the app (the SPA asks to log in first). */
scan.get('/u/:token', (c) =>
  c.redirect(`/#/pages/contacts/detail?qr=${encodeURIComponent(tokenInPath(c.req.url).slice(0, 1024))}`, 302),
);
