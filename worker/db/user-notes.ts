// D1 access to an operator's notes on a user (schema.sql `user_notes`): the private remark and the
// customer-service agent assigned to them (cs_uid, 0 none), which the social-mode DM rule reads.

export interface UserNotes {
  remark: string;
  cs_uid: number;
}

/** The statement that writes `notes` over the user's row (created with defaults when missing). */
export const saveNotesStatement = (db: D1Database, userId: number, notes: Partial<UserNotes>) =>
  db
    .prepare(
      `INSERT INTO user_notes (user_id, remark, cs_uid, update_time) VALUES (?1, COALESCE(?2, ''), COALESCE(?3, 0), unixepoch())
       ON CONFLICT(user_id) DO UPDATE SET remark = COALESCE(?2, remark), cs_uid = COALESCE(?3, cs_uid),
       update_time = excluded.update_time`,
    )
    .bind(userId, notes.remark ?? null, notes.cs_uid ?? null);

/** My customer-service agent and the users I am the agent of: run mode 2 lists them (the original's getContacts). */
export const agentPairsOf = async (db: D1Database, me: number) =>
  new Set(
    (
      await db
        .prepare(
          'SELECT cs_uid AS id FROM user_notes WHERE user_id = ?1 AND cs_uid > 0 UNION SELECT user_id FROM user_notes WHERE cs_uid = ?1',
        )
        .bind(me)
        .all<{ id: number }>()
    ).results.map((r) => r.id),
  );
