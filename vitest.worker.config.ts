// Worker and Durable Object tests run inside workerd with real D1, R2 and Durable Objects.
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
          DEV_MAILBOX: 'true',
          DEMO_MODE: 'false',
          // coturn's shared secret for the calls tests (calls-ice.test.ts recomputes the credentials).
          TURN_SECRET: 'test-turn-shared-secret',
          TURN_URLS: 'turn:turn.parley.test:3478?transport=udp, turns:turn.parley.test:5349?transport=tcp',
          // RealtimeKit switched on for calls-meeting.test.ts, which stands in for Cloudflare's API (offline).
          REALTIMEKIT_ACCOUNT_ID: 'test-account',
          REALTIMEKIT_APP_ID: 'test-app',
          REALTIMEKIT_API_TOKEN: 'test-realtimekit-token',
        },
      },
    }),
  ],
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    testTimeout: 30_000,
  },
});
