// manage/audit/index: the operators' audit trail, newest first, filtered by
// action (or its prefix), actor and target. Nothing in the console writes to it but the actions.
import { Hono } from 'hono';

import type { AppEnv } from '../../app-env';
import { listAudit } from '../../db/audit';
import { input } from '../../middleware/params';
import type { AuditRow } from '../../protocol/console';
import { ManageAuditListBody } from '../../protocol/manage';
import { envelope } from '../../services/replies';
import { demoView } from './demo-view';

export const manageAudit = new Hono<AppEnv>();

manageAudit.post('/index', async (c) => {
  const q = input(c, ManageAuditListBody);
  const { rows, count } = await listAudit(c.env.DB, {
    page: q.page,
    limit: q.limit,
    action: q.action,
    actor: q.actor_id,
    target: q.target,
    demoOnly: demoView(c),
  });
  return c.json(envelope(rows satisfies AuditRow[], '', { count, page: q.page }));
});
