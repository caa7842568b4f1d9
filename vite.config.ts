// One Vite config for the SPA and the Worker: the Cloudflare plugin runs the Worker, its
// Durable Objects, D1 and R2 inside workerd during `npm run dev` and builds both for deploy.
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * react-router's production build creates its contexts and components with React.createContext,
 * React.forwardRef and React.memo calls that carry no pure annotation, and sets displayName on
 * them; either keeps every such export (the data router's <Form>, <ScrollRestoration>, fetchers,
 * route-module prefetching, ...) in the bundle even when the app never uses it. Marking the calls
 * pure and dropping the displayName lines (devtools labels only) lets the bundler remove what the
 * app does not import: about 1.5 kB gzip off every first load. Build only; dev and tests are untouched.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'parley:tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/production\/.*\.js$/.test(id)) return null;
      return code
        .replace(
          /^(\s*(?:export )?const [\w$]+ = )(React(?:\$1)?\.(?:createContext|forwardRef|memo)\()/gm,
          '$1/* @__PURE__ */ $2',
        )
        .replace(/^\s*[\w$]+\.displayName = "[^"]*";[ \t]*$/gm, '');
    },
  };
}

/**
 * The service worker (web/sw/sw.ts, docs/decisions/0073 and 0074): built by vite-plugin-pwa in
 * injectManifest mode into the client build (dist/client/sw.js) with the list of files to
 * precache. Registered by the app itself after its first paint (web/src/lib/app-update), never
 * by an injected script (the CSP allows none), and it waits for the user's Update ('prompt').
 * The manifest is web/public's own file. The plugin knows one output folder, so it runs in the
 * client environment only: in the Worker's build it would precache the Worker's bundle.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    outDir: '../dist/client',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The emoji data (about 0.6 MB a language) is kept by the worker once opened, not downloaded
      // ahead; RealtimeKit's engine (0.6 MB) only serves calls, which need the network anyway; the
      // Vite manifest is a build record the app never reads.
      globIgnores: ['assets/compact-*.js', 'assets/realtimekit-*.js', '.vite/**'],
    },
  }).map((plugin) => ({ ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }));
}

/**
 * Which chunks a signed-in start on the chat list or a chat needs besides the entry (the signed-in
 * frame, the page, the texts of each language), written into index.html as a JSON block (not a
 * script: the CSP allows none inline) for web/public/boot.js, which requests them before the
 * entry has even downloaded. Build only: in development every module is its own file.
 */
function startChunks(): Plugin {
  return {
    name: 'parley:start-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const holding = (path: string) => chunks.find((c) => c.moduleIds.some((id) => id.endsWith(path)));
        // A chunk with every chunk it imports, less what the entry loads itself.
        const withImports = (path: string, into = new Set<string>()) => {
          const visit = (file: string) => {
            if (into.has(file) || file === entry?.fileName || entry?.imports.includes(file)) return;
            into.add(file);
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          };
          const chunk = holding(path);
          if (chunk) visit(chunk.fileName);
          return [...into];
        };
        const frame = withImports(
          '/web/src/app/tab-layout.tsx',
          new Set(withImports('/web/src/app/signed-in-layout.tsx')),
        );
        // What the frame already lists is left out of each page's.
        const page = (path: string) => withImports(path).filter((file) => !frame.includes(file));
        const list = {
          frame,
          pages: {
            '/': page('/web/src/app/routes/home.tsx'),
            '/pages/message/chat': page('/web/src/app/routes/chat.tsx'),
          },
          texts: {
            vi: withImports('/web/src/locales/vi/translation.json?raw'),
            en: withImports('/web/src/locales/en/translation.json'),
            'zh-CN': withImports('/web/src/locales/zh-CN/translation.json'),
          },
        };
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'start-chunks' },
            children: JSON.stringify(list),
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/** A folder of this repository as an absolute path (the configs' own types know no `node:` modules). */
const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  // The same as the `paths` of tsconfig.json and tsconfig.worker.json.
  resolve: {
    alias: {
      '@web': here('./web/src'),
      '@protocol': here('./worker/protocol'),
    },
  },
  plugins: [
    treeShakeReactRouter(),
    react(),
    tailwindcss(),
    serviceWorker(),
    startChunks(),
    cloudflare({ configPath: '../wrangler.toml', persistState: { path: '../.wrangler/state' } }),
  ],
  server: { port: 8787, strictPort: true, host: '127.0.0.1' },
  preview: { port: 8787, strictPort: true, host: '127.0.0.1' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // Every browser this app supports has <link rel="modulepreload">; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Feature folders are entered through their index.ts (tests/web/import-boundaries.test.ts).
      // The bundler would otherwise keep every module an index re-exports as a dependency of each
      // page importing that index, merging the whole chat feature into one chunk every signed-in
      // page loads, and the sign-up and sign-out forms into the login page's first download (+5 kB
      // gzip). Feature modules register nothing when imported (no listeners, no globals), so one none of
      // whose exports a page uses can be left out of it: pages load what they import, as before.
      treeshake: { moduleSideEffects: [{ test: /\/web\/src\/features\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the texts, the shell) in ONE
          // chunk: it is all needed before the first paint anyway, and one file compresses about
          // 2 kB gzip smaller than the four shared chunks the default splitting made of it.
          groups: [
            { name: 'index', tags: ['$initial'] },
            // What the login and registration pages share (form parts, their rules, the stored
            // settings, why the server signed the app out (the API client writes it), logo, link) in
            // one chunk rather than six small ones: each file costs its own gzip overhead, about 0.8 kB gzip more on the login page's first load in all. Pages
            // of the signed-in area that use a part of it (storage, link) load the whole of it
            // (about 2.5 kB gzip), next to their own, much larger chunks.
            {
              name: 'sign-in',
              test: /\/web\/src\/(lib\/(storage|system-info|sign-out-reason)\.ts|components\/ui\/(app-logo|link|form-field|form-error)\.tsx|features\/auth\/(utils\/validation|api\/code-purpose)\.ts)$/,
            },
            // What every page fetches right after its first paint, the login page included: the dialog
            // host and the service worker's registration (app-shell.tsx), the API client, and the
            // login form's call and code button. One chunk, kept out of the signed-in frame's (below),
            // which would otherwise take them in and come along to the login page.
            {
              name: 'after-paint',
              test: /\/web\/src\/(components\/ui\/dialog\.tsx|lib\/(app-update\/register|api-client|system-info-api)\.ts|features\/auth\/(api\/login\.ts|components\/send-code-button\.tsx))$/,
            },
            // The registration page with what it alone of the pages before sign-in uses (the page
            // frame, its form): kept out of the shared chunk below, which would bring the signed-in
            // frame's chunk along to it.
            { name: 'sign-up', test: /\/web\/src\/app\/routes\/register\.tsx$/ },
            // The frame of every signed-in page (the session, its stores, the tab bar) with all it
            // imports, and the small parts two or more pages share besides, in two chunks rather than the
            // thirty-odd small ones the default splitting made: each file is one more request at
            // start, and over HTTP/1.1 a browser opens at most six at a time (an open chat started
            // with 45 requests; Lighthouse's LCP there fell from 4.4 to 3.3 s).
            { name: 'signed-in', test: /\/web\/src\/app\/(signed-in-layout|tab-layout)\.tsx$/ },
            // Only the small common parts (ui, lib, utils, the chat feature's): a feature's components
            // or a package that two other pages share (the QR encoder, group screens, the avatar
            // cropper) stay in chunks of their own, not in a download every signed-in page makes.
            // The calls' words and ways to start one are here since the call overlay loads on first use.
            // The emoji panel is left out: the composer and the reaction picker each load it
            // on first use, and here it would come with every signed-in start.
            {
              name: 'shared',
              test: /\/web\/src\/(components|lib|utils|config|features\/calls\/utils|features\/chat(?!\/(emoji\/emoji-(catalog|prefs)|components\/composer\/(emoji-panel|emoji-grid|skin-tone-picker))))\//,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
