// Web tests run in jsdom with React; standalone because vite.config.ts roots at web/ and
// starts the Cloudflare plugin, which the browser code's tests do not need.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    include: ['tests/web/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/web/setup.ts'],
    restoreMocks: true,
  },
});
