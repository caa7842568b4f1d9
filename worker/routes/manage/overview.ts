// manage/index/index (issue 25 item 3, reference §1.9): the console's overview, counted in D1:
// users (and disabled ones), live groups, files and the bytes they hold, and people online now.
import { Hono } from 'hono';

import type { AppEnv } from '../../app-env';
import { envelope } from '../../services/replies';

export const manageOverview = new Hono<AppEnv>();

manageOverview.post('/index', async (c) => {
  const row = await c.env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM users) AS users,
            (SELECT COUNT(*) FROM users WHERE status = 0) AS disabled,
            (SELECT COUNT(*) FROM groups WHERE status = 1) AS groups,
            (SELECT COUNT(*) FROM files) AS files,
            (SELECT COALESCE(SUM(size), 0) FROM (SELECT size FROM files GROUP BY r2_key)) AS storage,
            (SELECT COUNT(*) FROM presence WHERE online = 1) AS online`,
  ).first<Record<string, number>>();
  return c.json(envelope(row));
});
