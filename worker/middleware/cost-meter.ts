// In a development build that counts costs (DEV_MAILBOX and COST_LEDGER on), counts every request the Worker serves and hands the
// routes bindings that count their D1 rows and R2 operations (db/metered.ts) into the cost ledger
// (services/cost-ledger.ts). In production it only passes the request on.
import { createMiddleware } from 'hono/factory';

import type { AppEnv } from '../app-env';
import { countsCosts, meteredBindings } from '../db/metered';
import { countWorkerRequest } from '../services/cost-ledger';

export const costMeter = createMiddleware<AppEnv>(async (c, next) => {
  if (countsCosts(c.env)) {
    // The ledger's own reads are not part of what a reader measures between two of them.
    if (c.req.path !== '/dev/ledger') countWorkerRequest();
    c.env = meteredBindings(c.env);
  }
  await next();
});
