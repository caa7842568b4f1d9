// Worker and Durable Object tests run inside workerd with real D1, R2 and Durable Objects.
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

import { wranglerRateLimits } from './scripts/wrangler-ratelimits.mjs';

/** A folder of this repository as an absolute path (the configs' own types know no `node:` modules). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // Group changes are limited to 60 a minute per user in wrangler.toml; the permission matrices
        // make hundreds a minute as one owner. These options replace wrangler.toml's limiters whole,
        // so every one is read from there and only GROUP_LIMITER raised (groups-rules-hold.test.ts
        // exhausts it to see the 429), with the two below.
        ratelimits: {
          ...wranglerRateLimits(),
          GROUP_LIMITER: { namespace_id: '1007', simple: { limit: 2000, period: 60 } },
          // Likewise the searches across chats and the unbound sockets' opens (every test's socket
          // comes from 127.0.0.1): the fuzz and the original client's tests make more than a person would.
          // rate-limits.test.ts exhausts each through its binding to see the 429.
          FIND_LIMITER: { namespace_id: '1008', simple: { limit: 1000, period: 60 } },
          UNBOUND_SOCKET_LIMITER: { namespace_id: '1009', simple: { limit: 1000, period: 60 } },
        },
        bindings: {
          JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
          DEV_MAILBOX: 'true',
          COST_LEDGER: 'true',
          DEMO_MODE: 'false',
          // coturn's shared secret for the calls tests (calls-ice.test.ts recomputes the credentials).
          TURN_SECRET: 'test-turn-shared-secret',
          TURN_URLS: 'turn:turn.parley.test:3478?transport=udp, turns:turn.parley.test:5349?transport=tcp',
          // RealtimeKit switched on for calls-meeting.test.ts, which stands in for Cloudflare's API (offline).
          REALTIMEKIT_ACCOUNT_ID: 'test-account',
          REALTIMEKIT_APP_ID: 'test-app',
          REALTIMEKIT_API_TOKEN: 'test-realtimekit-token',
          // Web Push (web-push.test.ts verifies the VAPID signature with this public key).
          VAPID_PUBLIC_KEY: 'BGnt0knrHaLmCrxIg9dzGwJx7J8hPLsMIRr7V_JRG1WwmnmJP_QA1eOwy0FoEYmGNavwkUHADGrRs3hFwxcLvQE',
          VAPID_PRIVATE_KEY: 'DCBQNgAIhaP3EWHdrFQZ-fuNrAvHt_2I1crm1UBakJI',
          VAPID_SUBJECT: 'mailto:push-tests@parley.test',
        },
      },
    }),
  ],
  // The same as the `paths` of tsconfig.worker.json.
  resolve: {
    alias: {
      '@protocol': here('./worker/protocol'),
    },
  },
  test: {
    include: ['tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    testTimeout: 30_000,
    // Two files at a time, each in its own workerd: vitest's default leaves one core of two idle
    // (one worker), and a file spends much of its time waiting (starting workerd, fetching its
    // modules from vite, sockets, timers). See BENCHMARKS.md, Test suite time.
    maxWorkers: 2,
  },
});
