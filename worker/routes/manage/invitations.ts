// manage/invite/*: invitation codes for registration by invitation (regtype 2),
// made with a number of uses and an expiry, listed with how many they let in, revoked; and the
// reference's manage/config/getInviteLink, a link to the register page carrying a new code.
import { type Context, Hono } from 'hono';
import { customAlphabet } from 'nanoid';

import type { AppEnv } from '../../app-env';
import { auditStatement } from '../../db/audit';
import { findInvitation, insertInvitation, listInvitations, revokeStatement } from '../../db/invitations';
import { mayChange } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { Invitation, NewInvitation } from '../../protocol/console';
import { ManageInviteAddBody, ManageInviteCodeBody, ManageInviteListBody } from '../../protocol/manage';
import { envelope, refuse } from '../../services/replies';
import { demoView } from './demo-view';

export const manageInvitations = new Hono<AppEnv>();

/** Easy to read aloud and type: no 0/O, 1/I/L. */
const newCode = customAlphabet('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 10);
const linkOf = (c: Context<AppEnv>, code: string) =>
  `${new URL(c.req.url).origin}/#/pages/login/register?inviteCode=${encodeURIComponent(code)}`;

/** Makes an invitation and audits it; answers it with its link. */
export async function makeInvitation(c: Context<AppEnv>, maxUses: number, days: number) {
  mayChange(c);
  const code = newCode();
  const expiresAt = Math.floor(Date.now() / 1000) + days * 86_400;
  await c.env.DB.batch([
    insertInvitation(c.env.DB, { code, maxUses, expiresAt, createdBy: c.get('identity').uid }),
    auditStatement(c.env.DB, {
      actor: c.get('identity').uid,
      action: 'invite.add',
      target: `invite:${code}`,
      after: { max_uses: maxUses, days },
    }),
  ]);
  return { code, max_uses: maxUses, uses: 0, expires_at: expiresAt, url: linkOf(c, code) } satisfies NewInvitation;
}

manageInvitations.post('/index', async (c) => {
  const q = input(c, ManageInviteListBody);
  const { rows, count } = await listInvitations(c.env.DB, { ...q, demoOnly: demoView(c) });
  return c.json(
    envelope(rows.map((r) => ({ ...r, url: linkOf(c, r.code) })) satisfies Invitation[], '', { count, page: q.page }),
  );
});

manageInvitations.post('/add', async (c) => {
  const { max_uses, days } = input(c, ManageInviteAddBody);
  return c.json(envelope((await makeInvitation(c, max_uses, days)) satisfies NewInvitation));
});

manageInvitations.post('/revoke', async (c) => {
  const { code } = input(c, ManageInviteCodeBody);
  mayChange(c);
  if (!(await findInvitation(c.env.DB, code))) throw refuse('user.inviteCode');
  await c.env.DB.batch([
    revokeStatement(c.env.DB, code),
    auditStatement(c.env.DB, { actor: c.get('identity').uid, action: 'invite.revoke', target: `invite:${code}` }),
  ]);
  return c.json(envelope(null));
});
