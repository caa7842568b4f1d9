// A group's join QR: the signed link groupInfo and resetQrcode hand out, the group a
// token names (joinGroup), and `/scan/g/{token}`: the group's card (signed in) or a camera app's landing.
import { type Context, Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { conversationHub } from '../durable/stubs';
import { jwtSecret } from '../middleware/auth';
import type { GroupScanCard } from '../protocol/groups';
import { groupChatKey } from '../protocol/ids';
import { readQrClaims, signQrToken } from '../services/qr-tokens';
import { envelope, refuse } from '../services/replies';
import { tokenInPath } from '../services/request-path';

/** A join QR of the group's current version, minted now by `minter` (qr-tokens.ts QrClaims). */
export async function joinQr(c: Context<AppEnv>, groupId: number, version: number, minter: number) {
  const { token, expiresAt } = await signQrToken(jwtSecret(c.env), 'g', groupId, undefined, {
    t: Date.now(),
    v: version,
    by: minter,
  });
  return { qrUrl: `${new URL(c.req.url).origin}/scan/g/${token}`, qrExpire: expiresAt };
}

/** The group a join QR names, with its claims; expired, forged and other-kind tokens are one refusal. */
export async function groupOfToken(env: Env, token: string) {
  const read = await readQrClaims(jwtSecret(env), 'g', token);
  if (read === null || !/^\d{1,12}$/.test(read.subject)) throw refuse('scan.failure');
  const { subject, ...claims } = read;
  return { id: groupChatKey(subject), claims };
}

/** Mounted at /scan: a group QR (signed in) answers the group's card for its join page. */
export const groupScan = new Hono<AppEnv>();

groupScan.post('/g/:token', async (c) => {
  const token = tokenInPath(c.req.url);
  const { id, claims } = await groupOfToken(c.env, token);
  // A code retired by a manager's reset opens nothing.
  const card = await conversationHub(c.env, id).groupCard(id, c.get('identity').uid, claims);
  if (!card) throw refuse('scan.failure');
  if (card === 'scan.removed') throw refuse(card);
  return c.json(envelope({ ...card, token, action: 'groupInfo' as const } satisfies GroupScanCard));
});

/** A camera app opened the link: on to the group's page in the app, which resolves the token after login. */
groupScan.get('/g/:token', (c) =>
  c.redirect(`/#/pages/message/group/info?qr=${encodeURIComponent(tokenInPath(c.req.url).slice(0, 1024))}`, 302),
);
