// Announcements (the original's publishNotice/noticeList/delNotice): a super admin
// publishes, edits and deletes them; everyone online hears of each at once (`announcement`), the
// rest read the list when they next open the app; each change is audited.
import { type Context, Hono } from 'hono';

import { tellEveryoneOnline } from '../../actions/broadcast';
import type { AppEnv } from '../../app-env';
import { type AnnouncementRow, deleteAnnouncement, listAnnouncements, saveAnnouncement } from '../../db/announcements';
import { appendAudit } from '../../db/audit';
import { superOnly } from '../../middleware/operator';
import { input } from '../../middleware/params';
import type { Announcement } from '../../protocol/console';
import { ManageNoticeIdBody, ManagePublishNoticeBody, NoticeListBody } from '../../protocol/manage';
import { envelope, refuse } from '../../services/replies';

export const manageAnnouncements = new Hono<AppEnv>();

const view = (row: AnnouncementRow) => {
  const { author_id: _, ...shown } = row;
  return shown;
};

async function announce(c: Context<AppEnv>, row: AnnouncementRow, action: string) {
  await appendAudit(c.env.DB, {
    actor: c.get('identity').uid,
    action,
    target: `notice:${row.id}`,
    after: row.status ? { title: row.title } : null,
  });
  c.executionCtx.waitUntil(tellEveryoneOnline(c.env, 'announcement', view(row)).catch(() => 0));
  return c.json(envelope(view(row) satisfies Announcement));
}

manageAnnouncements.post('/publishnotice', async (c) => {
  superOnly(c);
  const { id, title, content } = input(c, ManagePublishNoticeBody);
  const row = await saveAnnouncement(c.env.DB, { id, title, content, author: c.get('identity').uid });
  if (!row) throw refuse('manage.noticeGone');
  return announce(c, row, id ? 'notice.edit' : 'notice.publish');
});

manageAnnouncements.post('/delnotice', async (c) => {
  superOnly(c);
  const { id } = input(c, ManageNoticeIdBody);
  const row = await deleteAnnouncement(c.env.DB, id);
  if (!row) throw refuse('manage.noticeGone');
  return announce(c, row, 'notice.delete');
});

manageAnnouncements.post('/noticelist', async (c) => {
  const q = input(c, NoticeListBody);
  const { rows, count } = await listAnnouncements(c.env.DB, q);
  return c.json(envelope(rows.map(view) satisfies Announcement[], '', { count, page: q.page }));
});

/** The same list for every signed-in user (/enterprise/im/announcements), mounted outside /manage. */
export const announcements = new Hono<AppEnv>();
announcements.post('/announcements', async (c) => {
  const q = input(c, NoticeListBody);
  const { rows, count } = await listAnnouncements(c.env.DB, q);
  return c.json(envelope(rows.map(view) satisfies Announcement[], '', { count, page: q.page }));
});
