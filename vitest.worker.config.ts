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
