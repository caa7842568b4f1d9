// Lint rules for the whole repository: defects (unused code, misuse of hooks), import order and
// import depth. Layout is Prettier's job (.prettierrc), not ESLint's. No type-aware rules: they
// build both TypeScript programs again and made the lint take 68 s of CPU instead of 28 s (the
// two they would add, no-floating-promises and no-misused-promises, found one place between them).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A function past 80 lines is warned of only when asked (`npm run lint:long` sets PARLEY_LINT_LONG):
// every other lint run fails on any warning (`--max-warnings 0`), so the early warning stays out of it.
const LONG_FUNCTION_WARNING = process.env.PARLEY_LINT_LONG === '1' ? 'warn' : 'off';

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', '.wrangler/', '.tmp/', 'test-results/']),

  js.configs.recommended,
  tseslint.configs.recommended,

  // Every file: unused code is a defect; a leading underscore marks a parameter kept for its position.
  {
    plugins: { 'simple-import-sort': simpleImportSort },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Packages, then the path aliases (@web/…, @protocol/…), then relative imports.
      'simple-import-sort/imports': [
        'error',
        { groups: [['^\\u0000'], ['^node:', '^@?\\w'], ['^@(web|protocol)/'], ['^\\.']] },
      ],
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // `interface Env extends Cloudflare.Env {}` is how a binding type is merged, not a mistake.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../../*'],
              message: 'Climbs more than two folders: import through @web/… or @protocol/… instead.',
            },
          ],
        },
      ],
    },
  },

  // The hubs' folders nest one deeper (durable/conversation/group/, durable/user/call/): their
  // files reach the Worker's layers three folders up, which is the shape of the tree, not a tangle.
  {
    files: ['worker/durable/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../../../*'],
              message: 'Climbs more than three folders: the Worker has no layer that deep.',
            },
          ],
        },
      ],
    },
  },

  // A function reads at once: past 120 lines (blank lines and comments aside) it is carved into
  // named parts, and from 80 it is warned of (the same rule again under a second name, since one
  // rule has one level). A file is a module, capped loosely at 400 lines; tests are exempt from all.
  {
    files: ['web/src/**/*.{ts,tsx}', 'worker/**/*.ts'],
    plugins: { parley: { rules: { 'long-function': builtinRules.get('max-lines-per-function') } } },
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
      'parley/long-function': [LONG_FUNCTION_WARNING, { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },

  // The browser app, with the rules of hooks and the React Compiler's checks, but three of them.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: reactHooks.configs.flat.recommended.plugins,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // Off: it forbids writing a ref while rendering, which is how the app keeps the latest
      // callback for a listener added once (use-escape-key, history-step) and remembers the last
      // chat beside a panel (messages-layout); each is deliberate and commented where it is done.
      'react-hooks/refs': 'off',
      // Off: it flags every effect that loads data or resets state when its key changes (a
      // person's card, the QR code, an object URL, a photo's zoom): the working loaders, which the
      // data layer replaces with queries, not to be rewritten one by one here.
      'react-hooks/set-state-in-effect': 'off',
      // Off: it only reports that the React Compiler would skip a component using TanStack
      // Virtual; the app is not built with the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  // web/public/boot.js runs in the page as it is, before the app's own script.
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  // The Worker and its Durable Objects run in workerd: service-worker globals, no DOM, no Node.
  {
    files: ['worker/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  // worker/protocol is shared with the browser: nothing runtime-specific beyond what both have.
  {
    files: ['worker/protocol/**/*.ts'],
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  // Tests: web tests run in jsdom under Node, worker tests inside workerd, e2e tests in Node.
  {
    files: ['tests/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['tests/worker/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  // Tests read answers loosely (`as any` on a JSON body to poke at one field); the source may not.
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Scripts, the benchmark and config files run in Node; end-to-end tests too, but the functions
  // they hand to page.evaluate run in the browser.
  {
    files: ['scripts/**', 'bench/**', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['tests/e2e/**', 'tests/compat/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
