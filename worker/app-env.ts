// The Hono context shape every route shares.
import type { UserCard } from './protocol/messages';
import type { Lang } from './services/i18n';
import type { Identity } from './services/tokens';

export type Params = Record<string, unknown>;

export interface AppEnv {
  Bindings: Env;
  Variables: {
    lang: Lang;
    params: Params;
    body: Params;
    identity: Identity;
    requestIp: string;
    me: UserCard;
    /** Set on /manage routes (middleware/operator.ts): the caller's role now, and whether the demo locks their changes. */
    operator: { role: number; demoLocked: boolean };
  };
}
