// What a signed-in start downloads (Speed): nothing that only a tap opens. Read from the
// build (`npm run build` first): Vite's manifest and index.html's #start-chunks (the chunks
// web/public/boot.js preloads). A start's download is the entry with its static imports, plus
// the signed-in frame, the chat list's and the chat's page chunks with theirs. Each tap-opened part
// must be a chunk of its own, loaded by a dynamic import, and not among those files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { ROOT } from '../../scripts/lib.mjs';

const CLIENT = join(ROOT, 'dist', 'client');
const manifest = JSON.parse(readFileSync(join(CLIENT, '.vite', 'manifest.json'), 'utf8'));
const html = readFileSync(join(CLIENT, 'index.html'), 'utf8');
const start = JSON.parse(html.match(/<script type="application\/json" id="start-chunks">(.*?)<\/script>/s)[1]);

const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
/** `file` and every file it imports statically, recursively. */
function withImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const key of byFile.get(file)?.imports ?? []) withImports(manifest[key].file, into);
  return into;
}
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const firstDownload = new Set();
for (const file of [entry.file, ...start.frame, ...start.pages['/'], ...start.pages['/pages/message/chat']])
  withImports(file, firstDownload);

/** Opened only by a tap (or, for the call overlay, a call): source paths as the manifest names them. */
const ON_FIRST_USE = {
  'the emoji panel': 'src/features/chat/components/composer/emoji-panel.tsx',
  'the + panel': 'src/features/chat/components/composer/plus-panel.tsx',
  'Hold to talk and its recorder': 'src/features/chat/components/composer/hold-to-talk.tsx',
  'the image preview': 'src/features/chat/components/thread/image-preview.tsx',
  'the long-press menu': 'src/features/chat/components/thread/message-menu.tsx',
  'the reaction picker': 'src/features/chat/components/thread/reaction-picker.tsx',
  'the incoming-call overlay': 'src/features/calls/components/incoming-call-overlay.tsx',
  'the call screen': 'src/app/routes/call.tsx',
  'the console': 'src/app/routes/manage.tsx',
};

describe("a signed-in start's first download", () => {
  test('lists the frame and both pages (the build wrote #start-chunks)', () => {
    assert.ok(start.frame.length > 0 && start.pages['/'].length > 0 && start.pages['/pages/message/chat'].length > 0);
  });

  for (const [what, source] of Object.entries(ON_FIRST_USE)) {
    test(`leaves out ${what}: a chunk of its own, loaded on first use`, () => {
      const chunk = manifest[source];
      assert.ok(chunk?.isDynamicEntry, `${source} is not loaded by a dynamic import`);
      assert.ok(!firstDownload.has(chunk.file), `${source} is in ${chunk.file}, part of the first download`);
    });
  }

  test('holds no microphone or camera code (voice recording, calls)', () => {
    for (const file of firstDownload) {
      const code = readFileSync(join(CLIENT, file), 'utf8');
      assert.ok(!/getUserMedia|MediaRecorder/.test(code), `${file} asks for the microphone or camera`);
    }
  });
});
