// Group routes name their group in `id` or `group_id`; before any of them reaches a hub, the group
// must be one D1 knows (actions/conversation-access.ts), so no route can create a hub for a made-up id.
import { createMiddleware } from 'hono/factory';

import { requireKnownGroup } from '../actions/conversation-access';
import type { AppEnv } from '../app-env';
import { isGroupContact } from '../services/conversations';

export const knownGroupParams = createMiddleware<AppEnv>(async (c, next) => {
  const params = c.get('params') ?? {};
  for (const value of [params.id, params.group_id]) {
    // Anything else is not a group id at all: the route's own schema refuses it.
    if (typeof value === 'string' && isGroupContact(value)) await requireKnownGroup(c.env.DB, value);
  }
  await next();
});
