// Bindings of the Worker (wrangler.toml) and the main module's exports, for typed `env`/`exports`.
declare namespace Cloudflare {
  interface Env {
    ASSETS: Fetcher;
    DB: D1Database;
    FILES: R2Bucket;
    USER_HUB: DurableObjectNamespace<import('./durable/user-hub').UserHub>;
    CONVERSATION_HUB: DurableObjectNamespace<import('./durable/conversation-hub').ConversationHub>;
    ECHO_HUB: DurableObjectNamespace<import('./durable/echo-hub').EchoHub>;
    LIMIT_HUB: DurableObjectNamespace<import('./durable/limit-hub').LimitHub>;
    SEND_LIMITER: RateLimit;
    TICKET_LIMITER: RateLimit;
    LOOKUP_LIMITER: RateLimit;
    REGISTER_LIMITER: RateLimit;
    CODE_LIMITER: RateLimit;
    JWT_SECRET: string;
    JWT_TTL: string;
    DEMO_MODE: string;
    DEV_MAILBOX: string;
  }
  interface GlobalProps {
    mainModule: typeof import('./index');
    durableNamespaces: 'UserHub' | 'ConversationHub' | 'EchoHub' | 'LimitHub';
  }
}
interface Env extends Cloudflare.Env {}
