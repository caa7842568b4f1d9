// @vitest-environment node
// Code says its reasons or cites a file of this repository (docs/decisions/NNNN, docs/*.md), never a
// document the repository does not hold: the issue a change came from, the spec's or the reference's
// sections, or ARCHITECTURE's. Comments and test names alike; the RFCs and W3C texts a reader can
// look up stay citable by section.
import { describe, expect, it } from 'vitest';

const SOURCES: Record<string, string> = {
  ...import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../web/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../web/sw/**/*.ts', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../scripts/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../bench/**/*.mjs', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../**/*.{ts,tsx,mjs}', { query: '?raw', import: 'default', eager: true }),
};

/** Citations of documents outside the repository, as the code wrote them. */
export const OUTSIDE_CITATION = /\bissues? \d+|\b(?:reference|spec)(?:'s)? §|\bARCHITECTURE §|\(§\d/i;

function citations(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => OUTSIDE_CITATION.test(line))
    .map(({ line, n }) => `${n}: ${line.trim()}`);
}

describe('source citations', () => {
  it('reads every source file it means to (worker, web, service worker, scripts, bench, tests)', () => {
    const paths = Object.keys(SOURCES);
    for (const part of [
      '/worker/durable/',
      '/web/src/',
      '/web/sw/',
      '/scripts/',
      '/bench/',
      '/e2e/',
      'worker/helpers.ts',
    ])
      expect(paths.some((p) => p.includes(part))).toBe(true);
    expect(paths.length).toBeGreaterThan(400);
  });

  it('cites no issue, spec, reference or ARCHITECTURE section', () => {
    const found = Object.entries(SOURCES)
      .filter(([path]) => !path.endsWith('/source-citations.test.ts'))
      .flatMap(([path, text]) => citations(text).map((hit) => `${path.replace(/^(\.\.\/)+/, '')}:${hit}`));
    expect(found).toEqual([]);
  });

  it('finds each kind it refuses, and lets an RFC section through', () => {
    expect(
      citations('// as issue 23 asks\n// (reference §5.1)\n// spec §9 words\n// ARCHITECTURE §3\n// (§10.3)'),
    ).toHaveLength(5);
    expect(citations('// RFC 8291 §3.4: the keying material\n// W3C WebRTC §10.7')).toEqual([]);
  });
});
