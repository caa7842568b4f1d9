// The original web client's requests, rewritten into the core's before any route reads them:
// its text messages are HTML and the names it saves back are HTML-escaped (text.ts), and it recalls
// by `id` alone and forwards by `msg_id` alone, naming no chat (message-finder.ts). PHP-style form
// keys (`a[0]=`, `a[b]=`) need nothing here: every client may send a form body (services/form-params.ts).
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';

import type { AppEnv, Params } from '../app-env';
import { readParams } from '../middleware/params';
import { claimBurst } from '../middleware/rate-limit';
import { ForwardMessageBody, UndoMessageBody } from '../protocol/messages';
import { fromOriginalClient } from './detect';
import { findMessageChat } from './message-finder';
import { decodeEntities, htmlToText } from './text';

/** The name fields it writes (profile, friend, group): never passwords or message text. */
const NAME_FIELDS = ['realname', 'motto', 'nickname', 'remark', 'name', 'displayName', 'notice'] as const;

function rewrite(bag: Params, path: string): void {
  // It shows names HTML-escaped (answers.ts) and saves them back from its forms as it shows them.
  for (const key of NAME_FIELDS) if (typeof bag[key] === 'string') bag[key] = decodeEntities(bag[key] as string);
  // Its editor writes a text message as HTML; Parley keeps what was typed.
  if (path === '/enterprise/im/sendmessage' && (bag.type ?? 'text') === 'text' && typeof bag.content === 'string')
    bag.content = htmlToText(bag.content);
}

/** The API calls of the original client (its `sessionId` header), read and rewritten; others pass untouched. */
export const originalRequests = createMiddleware<AppEnv>(async (c, next) => {
  if (!fromOriginalClient(c)) return next();
  return readParams(c, async () => {
    const path = c.req.path.toLowerCase();
    rewrite(c.get('params'), path);
    rewrite(c.get('body'), path);
    await next();
  });
});

const NAMED = { id: v.pick(UndoMessageBody, ['id']), msg_id: v.pick(ForwardMessageBody, ['msg_id']) };

/**
 * A recall (`id`) or forward (`msg_id`) naming no chat, from whichever client: the chat is found
 * among the caller's (a search counted by FIND_LIMITER) and named, so the core's route gets a whole call.
 * A malformed key is left to the route to refuse.
 */
export const nameTheChat = (key: 'id' | 'msg_id') =>
  createMiddleware<AppEnv>(async (c, next) => {
    const params = c.get('params');
    if (params.toContactId !== undefined) return next();
    const named = v.safeParse(NAMED[key], params);
    if (!named.success) return next();
    await claimBurst(c, 'find');
    const query = 'id' in named.output ? { id: named.output.id } : { seq: named.output.msg_id };
    params.toContactId = (await findMessageChat(c.env, c.get('identity').uid, query)).contactId;
    await next();
  });
