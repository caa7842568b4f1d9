// The only place that turns ids into Durable Object stubs. Every hub method takes and returns
// plain structured-clonable data, so callers see the methods' own signatures.
import type { ConversationHub } from './conversation/hub';
import type { LimitHub } from './limit/hub';
import { meteredStub } from './metered';
import type { UserHub } from './user/hub';

type Methods<T> = { [K in keyof T as T[K] extends (...args: never[]) => Promise<unknown> ? K : never]: T[K] };

export const userHub = (env: Env, uid: number) =>
  meteredStub(
    env,
    'UserHub',
    env.USER_HUB.get(env.USER_HUB.idFromName(`user:${uid}`)),
  ) as unknown as Methods<UserHub> & {
    fetch(r: Request): Promise<Response>;
  };

export const conversationHub = (env: Env, conversation: string) =>
  meteredStub(
    env,
    'ConversationHub',
    env.CONVERSATION_HUB.get(env.CONVERSATION_HUB.idFromName(`conversation:${conversation}`)),
  ) as unknown as Methods<ConversationHub>;

/** `user:<uid>` or `ip:<address>`: whose counters (rate-limit.ts). */
export const limitHub = (env: Env, name: string) =>
  meteredStub(env, 'LimitHub', env.LIMIT_HUB.get(env.LIMIT_HUB.idFromName(name))) as unknown as Methods<LimitHub>;
