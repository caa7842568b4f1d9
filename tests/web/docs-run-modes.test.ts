// @vitest-environment node
// The run-modes paragraph (docs/configuration.md): says plainly what each mode does and where an
// operator switches it, in the console's own words; nothing stale about a missing admin screen.
import { describe, expect, it } from 'vitest';

import en from '../../web/src/locales/en/translation.json';

const DOC =
  Object.values(
    import.meta.glob<string>('../../docs/configuration.md', { query: '?raw', import: 'default', eager: true }),
  )[0] ?? '';

/** The text under "## Run modes", up to the next heading of that level, its line breaks as spaces. */
const runModes = () => {
  const start = DOC.indexOf('## Run modes');
  const end = DOC.indexOf('\n## ', start + 1);
  return DOC.slice(start, end).replace(/\s+/g, ' ');
};

describe('docs/configuration.md: run modes', () => {
  it('names the console setting that switches the mode, by its label', () => {
    const section = runModes();
    expect(section).toContain(`Settings → "${en.manage.settings.runMode}"`);
    expect(section).not.toMatch(/no admin screen/i);
  });

  it('says what each mode is for and who may message whom', () => {
    const section = runModes();
    expect(section).toMatch(/\*\*Enterprise\*\* \(`"1"`, the default\)/);
    expect(section).toMatch(/\*\*Social\*\* \(`"2"`\)/);
    expect(section).toContain('anyone may message anyone');
    expect(section).toContain('not my friend is refused');
  });
});
