// Accessible names contain the visible label (WCAG 2.5.3): a button whose name
// is written out in full ("Reset password of An") still starts from the words it shows, in all
// three languages; the group picture's button shows no text of its own for its name to miss.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import en from '../../web/src/locales/en/translation.json';
import vi from '../../web/src/locales/vi/translation.json';
import zhCN from '../../web/src/locales/zh-CN/translation.json';
import { openApp } from './friends-fakes';
import { fakeGroup, GROUP, serveGroup } from './groups-fakes';

type Tree = { [key: string]: string | Tree };

/** Every `xOf` label (the name a visible `x` button gets) beside its `x`. */
function namedPairs(tree: Tree, prefix = ''): { key: string; shown: string; name: string }[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    if (typeof value === 'object') return namedPairs(value, `${prefix}${key}.`);
    const shown = key.endsWith('Of') ? tree[key.slice(0, -2)] : undefined;
    return typeof shown === 'string' ? [{ key: `${prefix}${key}`, shown, name: value }] : [];
  });
}

describe('a label written out in full', () => {
  it.each([
    ['en', en],
    ['vi', vi],
    ['zh-CN', zhCN],
  ])('contains the words its button shows (%s), 重置密码 too', (_lang, tree) => {
    const pairs = namedPairs(tree as Tree);
    expect(pairs.length).toBeGreaterThan(3);
    expect(pairs.filter((p) => !p.name.includes(p.shown))).toEqual([]);
  });
});

describe("the group picture's button", () => {
  it('holds no seen text its name leaves out', async () => {
    serveGroup(fakeGroup(4));
    openApp(`${PATHS.groupInfo}?id=${GROUP}`);
    const button = await screen.findByRole('button', { name: 'Change the group picture' });
    const seen = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
    expect(button.getAttribute('aria-label')).toContain(seen);
  });
});
