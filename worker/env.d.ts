// Bindings of the Worker (wrangler.toml) and the main module's exports, for typed `env`/`exports`.
declare namespace Cloudflare {
  interface Env {
    ASSETS: Fetcher;
    DB: D1Database;
    FILES: R2Bucket;
    USER_HUB: DurableObjectNamespace<import('./durable/user/hub').UserHub>;
    CONVERSATION_HUB: DurableObjectNamespace<import('./durable/conversation/hub').ConversationHub>;
    LIMIT_HUB: DurableObjectNamespace<import('./durable/limit/hub').LimitHub>;
    SEND_LIMITER: RateLimit;
    TICKET_LIMITER: RateLimit;
    LOOKUP_LIMITER: RateLimit;
    REGISTER_LIMITER: RateLimit;
    CODE_LIMITER: RateLimit;
    CALL_LIMITER: RateLimit;
    GROUP_LIMITER: RateLimit;
    FIND_LIMITER: RateLimit;
    UNBOUND_SOCKET_LIMITER: RateLimit;
    JWT_SECRET: string;
    JWT_TTL: string;
    DEMO_MODE: string;
    DEV_MAILBOX: string;
    /** Development only, with DEV_MAILBOX: count what each request bills (bench/cost.mjs reads /dev/ledger). */
    COST_LEDGER?: string;
    /** Calls (providers/ice-servers.ts): coturn URLs (var) with its shared secret (secret), or Cloudflare TURN's key (secrets). */
    TURN_URLS?: string;
    TURN_TTL?: string;
    TURN_SECRET?: string;
    TURN_KEY_ID?: string;
    TURN_KEY_API_TOKEN?: string;
    /** RealtimeKit, the optional call provider (providers/realtimekit.ts): secrets; the preset a var. */
    REALTIMEKIT_ACCOUNT_ID?: string;
    REALTIMEKIT_APP_ID?: string;
    REALTIMEKIT_API_TOKEN?: string;
    REALTIMEKIT_PRESET?: string;
    /** Web Push (services/web-push.ts), secrets: the VAPID key pair as base64url (public: the 65-byte
     * uncompressed point; private: the 32-byte scalar d) and the operator's mailto: or https subject. */
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    VAPID_SUBJECT?: string;
    /** Mail for verification codes (providers/mail.ts): the API's https URL and sender (vars) and its key (a secret). */
    MAIL_API_URL?: string;
    MAIL_API_KEY?: string;
    MAIL_FROM?: string;
    /** Verification codes sent an hour over every address (services/verification.ts; 300 when unset). */
    CODE_HOURLY_MAX?: string;
  }
  interface GlobalProps {
    mainModule: typeof import('./index');
    durableNamespaces: 'UserHub' | 'ConversationHub' | 'LimitHub';
  }
}
interface Env extends Cloudflare.Env {}
