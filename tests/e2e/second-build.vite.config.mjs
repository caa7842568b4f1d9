// The app's own build (vite.config.ts) with one difference, a comment atop every chunk (after minifying, which drops comments): a second
// deployment of the app for tests/e2e/app-update.test.mjs, made by the real toolchain, so its files
// get new hashes and its service worker a new precache manifest. Writes to dist/ as the build does.
import { mergeConfig } from 'vite';

import base from '../../vite.config.ts';

export default mergeConfig(base, { build: { rolldownOptions: { output: { postBanner: '/* second build */' } } } });
