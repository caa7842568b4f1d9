// One Vite config for the SPA and the Worker: the Cloudflare plugin runs the Worker, its
// Durable Objects, D1 and R2 inside workerd during `npm run dev` and builds both for deploy.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { cloudflare } from '@cloudflare/vite-plugin';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    cloudflare({ configPath: '../wrangler.toml', persistState: { path: '../.wrangler/state' } }),
  ],
  server: { port: 8787, strictPort: true, host: '127.0.0.1' },
  preview: { port: 8787, strictPort: true, host: '127.0.0.1' },
  build: { outDir: '../dist', emptyOutDir: true, sourcemap: false, manifest: true },
});
