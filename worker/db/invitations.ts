// Invitation codes: made, listed and revoked in the operator console; each
// registration under regtype 2 takes one use, atomically, so a code of N uses lets in N people
// however many try at once. Codes written by hand into invite_codes (before the console) still work.
import { offsetOf, paged } from './paged';

export interface InvitationRow {
  code: string;
  max_uses: number;
  uses: number;
  expires_at: number;
  revoked: number;
  created_by: number;
  creator_name: string;
  create_time: number;
}

const now = () => Math.floor(Date.now() / 1000);

export const insertInvitation = (
  db: D1Database,
  i: { code: string; maxUses: number; expiresAt: number; createdBy: number },
) =>
  db
    .prepare(
      'INSERT INTO invitations (code, max_uses, expires_at, created_by, create_time) VALUES (?1, ?2, ?3, ?4, unixepoch())',
    )
    .bind(i.code, i.maxUses, i.expiresAt, i.createdBy);

/** demoOnly: the codes a shared demo account made (the demo's own console). */
export async function listInvitations(
  db: D1Database,
  q: { page: number; limit: number; demoOnly?: boolean },
): Promise<{ rows: InvitationRow[]; count: number }> {
  const from = 'FROM invitations i LEFT JOIN users u ON u.user_id = i.created_by WHERE (?1 = 0 OR u.is_demo = 1)';
  const demo = q.demoOnly ? 1 : 0;
  return paged<InvitationRow>(
    db,
    db
      .prepare(
        `SELECT i.*, COALESCE(u.realname, '') AS creator_name ${from}
         ORDER BY i.create_time DESC, i.rowid DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(demo, q.limit, offsetOf(q)),
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(demo),
  );
}

export const revokeStatement = (db: D1Database, code: string) =>
  db.prepare('UPDATE invitations SET revoked = 1 WHERE code = ?1 AND revoked = 0').bind(code);

export const findInvitation = (db: D1Database, code: string) =>
  db.prepare('SELECT * FROM invitations WHERE code = ?1').bind(code).first<InvitationRow>();

/**
 * Takes one use of `code` for a registration: true when it was a usable code (a console code with
 * uses left, unrevoked and unexpired; or a hand-written one, unexpired). `giveBack` returns the use
 * of a registration that failed after all.
 */
export async function takeInvitation(db: D1Database, code: string): Promise<boolean> {
  if (!(await usable(db, code))) return false;
  if (!(await findInvitation(db, code))) return true; // a hand-written code: no uses to count
  const taken = await db
    .prepare(
      `UPDATE invitations SET uses = uses + 1
       WHERE code = ?1 AND revoked = 0 AND expires_at > ?2 AND (max_uses = 0 OR uses < max_uses) RETURNING code`,
    )
    .bind(code, now())
    .first('code');
  return taken !== null;
}

/** Whether `code` would let someone register now (read only: registration checks it first, takes it last). */
export async function usable(db: D1Database, code: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS ok FROM invitations WHERE code = ?1 AND revoked = 0 AND expires_at > ?2 AND (max_uses = 0 OR uses < max_uses)
       UNION ALL SELECT 1 FROM invite_codes WHERE code = ?1 AND expires_at > ?2`,
    )
    .bind(code, now())
    .first('ok');
  return row !== null;
}

export const giveBackInvitation = (db: D1Database, code: string) =>
  db.prepare('UPDATE invitations SET uses = MAX(uses - 1, 0) WHERE code = ?1').bind(code).run();
