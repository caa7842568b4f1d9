// What `virtual:pwa-register` is in web tests (vitest.web.config.ts): vite-plugin-pwa makes that
// module only in a build. Registers nothing; tests/web/app-update.test.tsx mocks it to play it.
export function registerSW(): () => Promise<void> {
  return () => Promise.resolve();
}
