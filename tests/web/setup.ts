// Shared test setup. A file that needs no DOM (pure functions, sources read as text) says
// `@vitest-environment node` in its first comment and runs without jsdom, React or the UI texts:
// jsdom's window and those imports cost more than such a file's tests. Every other file gets
// dom-setup.ts: a fresh DOM and storage for every test, English UI unless a test says otherwise.
if (typeof document !== 'undefined') await import('./dom-setup');
export {};
