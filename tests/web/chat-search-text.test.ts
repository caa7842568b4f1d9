// @vitest-environment node
// Search matching ignores case and Vietnamese accents; results mark the words.
import { describe, expect, it } from 'vitest';

import { findMatches } from '../../web/src/components/ui/highlight-text';
import { matchesAny } from '../../web/src/utils/fold-text';

describe('search text', () => {
  it('matches names and accounts without regard to case or accents', () => {
    expect(matchesAny('duc', ['Nguyễn Đức Anh'])).toBe(true);
    expect(matchesAny('ANH', ['Nguyễn Đức Anh'])).toBe(true);
    expect(matchesAny('0002', ['Bao', '13800000002'])).toBe(true);
    expect(matchesAny('minh', ['Bao', '13800000002'])).toBe(false);
    expect(matchesAny('  ', ['anything'])).toBe(false);
  });

  it('finds highlight ranges in the original text even where accents were folded', () => {
    const text = 'Hẹn gặp ở Đà Nẵng nhé, đà nẵng đẹp';
    expect(findMatches(text, 'da nang').map(([a, b]) => text.slice(a, b))).toEqual(['Đà Nẵng', 'đà nẵng']);
  });
});
