// Bindings of the Worker (wrangler.toml) and the main module's exports, for typed `env`/`exports`.
declare namespace Cloudflare {
  interface Env {
    ASSETS: Fetcher;
    DB: D1Database;
    FILES: R2Bucket;
    USER_HUB: DurableObjectNamespace<import('./durable/user-hub').UserHub>;
    CONVERSATION_HUB: DurableObjectNamespace<import('./durable/conversation-hub').ConversationHub>;
    ECHO_HUB: DurableObjectNamespace<import('./durable/echo-hub').EchoHub>;
    JWT_SECRET: string;
    JWT_TTL: string;
    DEMO_MODE: string;
    DEV_MAILBOX: string;
  }
  interface GlobalProps {
    mainModule: typeof import('./index');
    durableNamespaces: 'UserHub' | 'ConversationHub' | 'EchoHub';
  }
}
interface Env extends Cloudflare.Env {}
