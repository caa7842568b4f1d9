// Web tests run in jsdom with React; standalone because vite.config.ts roots at web/ and
// starts the Cloudflare plugin, which the browser code's tests do not need.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** A folder of this repository as an absolute path (the configs' own types know no `node:` modules). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

export default defineConfig({
  plugins: [react()],
  // The same as the `paths` of tsconfig.json.
  resolve: {
    alias: {
      '@web': here('./web/src'),
      '@protocol': here('./worker/protocol'),
      // Made by vite-plugin-pwa in a build only (lib/app-update/register.ts); a stand-in here.
      'virtual:pwa-register': here('./tests/web/pwa-register-stub.ts'),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['tests/web/**/*.test.{ts,tsx}'],
    // jsdom only where a file uses the DOM: a file that needs none says `@vitest-environment node`
    // (setup.ts then loads no DOM setup).
    setupFiles: ['tests/web/setup.ts'],
    restoreMocks: true,
    // Two files at a time: vitest's default on two cores is one worker, which leaves a core idle
    // once the first files have been transformed. Each file still has a process and a jsdom of its
    // own (isolation kept). See BENCHMARKS.md, Test suite time.
    maxWorkers: 2,
    // A fresh CI machine (2 cores) transforms each lazy screen on first use: a render that takes
    // 3.5 s here took longer than vitest's default 5 s there. Waits are bounded by
    // asyncUtilTimeout (setup.ts); this only stops a test that truly hangs.
    testTimeout: 20_000,
  },
});
