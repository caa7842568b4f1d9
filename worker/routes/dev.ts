// Development-only tools, present only when DEV_MAILBOX is on (never in production):
// the mailbox that shows verification codes, a server-side socket drop for reconnect tests, and the
// cost ledger the benchmark reads (services/cost-ledger.ts).
import { Hono } from 'hono';

import type { AppEnv } from '../app-env';
import { readMailbox } from '../db/security';
import { findUserByAccount } from '../db/users';
import { userHub } from '../durable/stubs';
import type { DroppedSockets, Ledger, MailboxEntry } from '../protocol/dev-tools';
import { readLedger } from '../services/cost-ledger';
import { envelope, notFound } from '../services/replies';

export const devTools = new Hono<AppEnv>();

devTools.use('*', async (c, next) => {
  if (c.env.DEV_MAILBOX !== 'true') throw notFound();
  await next();
});

devTools.get('/mailbox', async (c) =>
  c.json(envelope((await readMailbox(c.env.DB, c.req.query('account') ?? '')) satisfies MailboxEntry[])),
);

devTools.post('/dropsockets', async (c) => {
  const user = await findUserByAccount(c.env.DB, c.req.query('account') ?? '');
  if (!user) throw notFound();
  return c.json(envelope({ dropped: await userHub(c.env, user.user_id).dropSockets() } satisfies DroppedSockets));
});

/** What the server has done that Cloudflare bills, summed since it started (bench/cost.mjs takes differences). */
devTools.get('/ledger', (c) => c.json(envelope(readLedger() satisfies Ledger)));
