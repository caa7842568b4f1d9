// manage/report/*: the queue of reported messages with what the reporter saw,
// and what an operator does with one: dismiss it, hide the message for everyone (through the
// conversation's hub, as a recall: "This message was removed by an operator" on every device, its
// file released), or disable the sender. Operators read a conversation only through a report.
import { type Context, Hono } from 'hono';

import { disableAccount } from '../../actions/sessions';
import type { AppEnv } from '../../app-env';
import { auditStatement } from '../../db/audit';
import { releaseFiles } from '../../db/files';
import { managedUser } from '../../db/manage-users';
import { findReport, listReports, type ReportRow, settleStatement } from '../../db/reports';
import { conversationHub } from '../../durable/stubs';
import { mayActOn, mayChange } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { Report } from '../../protocol/console';
import { ManageReportIdBody, ManageReportListBody, REPORT_STATUS } from '../../protocol/manage';
import { envelope, refuse, settled } from '../../services/replies';
import { demoView } from './demo-view';

export const manageReports = new Hono<AppEnv>();

async function report(c: Context<AppEnv>): Promise<ReportRow> {
  mayChange(c);
  const { id } = input(c, ManageReportIdBody);
  const found = await findReport(c.env.DB, id);
  if (!found) throw refuse('report.notFound');
  return found;
}

async function settle(c: Context<AppEnv>, row: ReportRow, status: number, action: string, sameMessage: boolean) {
  const by = c.get('identity').uid;
  await c.env.DB.batch([
    settleStatement(c.env.DB, row, status, by, sameMessage),
    auditStatement(c.env.DB, {
      actor: by,
      action,
      target: `report:${row.id}`,
      before: { status: row.status },
      after: { status, sender: row.sender_id },
    }),
  ]);
  return c.json(envelope((await findReport(c.env.DB, row.id)) satisfies Report | null));
}

manageReports.post('/index', async (c) => {
  const q = input(c, ManageReportListBody);
  const { rows, count } = await listReports(c.env.DB, { ...q, demoOnly: demoView(c) });
  return c.json(envelope(rows satisfies Report[], '', { count, page: q.page }));
});

manageReports.post('/dismiss', async (c) =>
  settle(c, await report(c), REPORT_STATUS.dismissed, 'report.dismiss', false),
);

manageReports.post('/hide', async (c) => {
  const row = await report(c);
  const { fileId } = settled(await conversationHub(c.env, row.conversation).moderate(row.conversation, row.seq));
  if (fileId)
    await releaseFiles(c.env.DB, c.env.FILES, [fileId]).catch((error) =>
      console.error('releasing a hidden message’s file failed', fileId, error),
    );
  return settle(c, row, REPORT_STATUS.hidden, 'report.hide', true);
});

manageReports.post('/disablesender', async (c) => {
  const row = await report(c);
  const sender = await managedUser(c.env.DB, row.sender_id);
  if (sender && sender.user_id === c.get('identity').uid) throw refuse('manage.notSelf');
  // Disabling the sender is an action on them: an operator's account is a super admin's to disable.
  if (sender) mayActOn(c, sender, 'standing');
  if (sender && sender.status === 1 && !(await disableAccount(c.env, sender.user_id)))
    throw refuse('manage.lastSuperAdmin');
  return settle(c, row, REPORT_STATUS.disabled, 'report.disableSender', true);
});
