interface Env {
  ASSETS: Fetcher;
  DB: D1Database;
  FILES: R2Bucket;
  USER_HUB: DurableObjectNamespace;
  CONVERSATION_HUB: DurableObjectNamespace;
  JWT_SECRET: string;
  JWT_TTL: string;
  DEMO_MODE: string;
  DEV_MAILBOX: string;
}
