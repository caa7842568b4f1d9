// manage/index/index: the console's overview, counted in D1:
// users (and disabled ones), live groups, files and the bytes they hold, people online now, and
// messages, in all and on each of the last 30 UTC days (message_days, durable/conversation/message-days.ts).
import { Hono } from 'hono';

import type { AppEnv } from '../../app-env';
import { utcDay } from '../../durable/conversation/message-days';
import type { Overview } from '../../protocol/console';
import { envelope } from '../../services/replies';

export const manageOverview = new Hono<AppEnv>();

/** Days the chart shows, today included. */
const CHART_DAYS = 30;
const DAY_MS = 86_400_000;

manageOverview.post('/index', async (c) => {
  const days = lastDays(Date.now());
  // `messages` sums message_days: what the hubs have counted, which is what they held when the
  // counter was deployed (less what retention had deleted) and everything sent since.
  const [counts, perDay] = await c.env.DB.batch<Record<string, number | string>>([
    c.env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM users) AS users,
              (SELECT COUNT(*) FROM users WHERE status = 0) AS disabled,
              (SELECT COUNT(*) FROM groups WHERE status = 1) AS groups,
              (SELECT COUNT(*) FROM files) AS files,
              (SELECT COALESCE(SUM(size), 0) FROM (SELECT size FROM files GROUP BY r2_key)) AS storage,
              (SELECT COUNT(*) FROM presence WHERE online = 1) AS online,
              (SELECT COALESCE(SUM(messages), 0) FROM message_days) AS messages`,
    ),
    c.env.DB.prepare('SELECT day, messages FROM message_days WHERE day >= ?1 ORDER BY day').bind(days[0]),
  ]);
  const counted = new Map(perDay!.results.map((r) => [String(r.day), Number(r.messages)]));
  const total = (name: string) => Number(counts!.results[0]?.[name] ?? 0);
  return c.json(
    envelope({
      users: total('users'),
      disabled: total('disabled'),
      groups: total('groups'),
      files: total('files'),
      storage: total('storage'),
      online: total('online'),
      messages: total('messages'),
      days: days.map((day) => ({ day, messages: counted.get(day) ?? 0 })),
    } satisfies Overview),
  );
});

/** The last CHART_DAYS UTC days up to the one of `now`, oldest first. */
function lastDays(now: number): string[] {
  return Array.from({ length: CHART_DAYS }, (_, i) => utcDay(now - (CHART_DAYS - 1 - i) * DAY_MS));
}
