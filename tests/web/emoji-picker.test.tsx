// The emoji panel: categories from emojibase-data, search in the reader's language (vi without
// diacritics, zh by characters), recently used emoji first, and a remembered skin tone.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import viData from 'emojibase-data/vi/compact.json';
import zhData from 'emojibase-data/zh/compact.json';
import { describe, expect, it, vi } from 'vitest';

import { EmojiPanel } from '../../web/src/features/chat/components/composer/emoji-panel';
import { buildCatalog, searchEmoji } from '../../web/src/features/chat/emoji/emoji-catalog';
import { recentEmoji, skinTone } from '../../web/src/features/chat/emoji/emoji-prefs';

function renderPanel() {
  const onPick = vi.fn();
  render(<EmojiPanel onPick={onPick} onBackspace={vi.fn()} />);
  return { onPick };
}

const found = () =>
  within(screen.getByRole('group', { name: 'Search results' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('emoji picker', () => {
  it('opens on the smileys and switches category by tab', async () => {
    renderPanel();
    const smileys = await screen.findByRole('group', { name: 'Smileys' });
    expect(within(smileys).getAllByRole('button')[0]!.textContent).toBe('😀');
    fireEvent.click(screen.getByRole('tab', { name: 'Flags' }));
    expect(
      within(screen.getByRole('group', { name: 'Flags' })).getByRole('button', { name: 'flag: Vietnam' }).textContent,
    ).toBe('🇻🇳');
  });

  it('fits its category bar beside backspace on a 390 px phone, scrolling rather than clipping when narrower', async () => {
    renderPanel();
    const bar = await screen.findByRole('tablist', { name: 'Emoji categories' });
    const tabs = within(bar).getAllByRole('tab');
    // No layout in jsdom: the widths the classes allow. The bar may shrink below its content and scroll…
    expect(bar.className.split(' ')).toEqual(expect.arrayContaining(['min-w-0', 'flex-1', 'overflow-x-auto']));
    // …and each tab shares the width down to 32 px instead of keeping 44.
    for (const tab of tabs) expect(tab.className.split(' ')).toEqual(expect.arrayContaining(['min-w-8', 'flex-1']));
    const backspace = screen.getByRole('button', { name: 'Delete' });
    expect(backspace.className).toContain('w-14');
    expect(tabs.length * 32 + 56).toBeLessThanOrEqual(390);
  });

  it('finds emoji by English name or keyword, best matches first', async () => {
    renderPanel();
    await screen.findByRole('group', { name: 'Smileys' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search emoji' }), { target: { value: 'pizza' } });
    expect(found()[0]).toBe('🍕');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search emoji' }), { target: { value: 'zzzqqq' } });
    expect(screen.getByText('No emoji found')).toBeTruthy();
  });

  it('searches Vietnamese without diacritics and Chinese by characters', () => {
    const vi = buildCatalog(viData);
    expect(searchEmoji(vi, 'vay tay').map((e) => e.emoji)).toContain('👋');
    expect(searchEmoji(vi, 'vẫy tay')[0]!.emoji).toBe('👋');
    const zh = buildCatalog(zhData);
    expect(searchEmoji(zh, '披萨').map((e) => e.emoji)).toContain('🍕');
  });

  it('puts a picked emoji first under Recently used, once, and opens there next time', async () => {
    const { onPick } = renderPanel();
    const smileys = await screen.findByRole('group', { name: 'Smileys' });
    fireEvent.click(within(smileys).getAllByRole('button')[3]!);
    fireEvent.click(within(smileys).getAllByRole('button')[0]!);
    fireEvent.click(within(smileys).getAllByRole('button')[3]!);
    expect(onPick).toHaveBeenCalledTimes(3);
    expect(recentEmoji()).toEqual(['😁', '😀']);
    fireEvent.click(screen.getByRole('tab', { name: 'Recently used' }));
    expect(
      within(screen.getByRole('group', { name: 'Recently used' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['😁', '😀']);
    cleanup();
    renderPanel();
    expect(screen.getByRole('tab', { name: 'Recently used' }).getAttribute('aria-selected')).toBe('true');
  });

  it('draws and sends emoji in the chosen skin tone, and remembers the tone', async () => {
    const { onPick } = renderPanel();
    await screen.findByRole('group', { name: 'Smileys' });
    fireEvent.click(screen.getByRole('button', { name: 'Skin tone' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Medium-dark skin tone' }));
    expect(skinTone()).toBe(4);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search emoji' }), { target: { value: 'waving hand' } });
    const wave = within(screen.getByRole('group', { name: 'Search results' })).getByRole('button', {
      name: 'waving hand',
    });
    expect(wave.textContent).toBe('👋🏾');
    fireEvent.click(wave);
    expect(onPick).toHaveBeenCalledWith('👋🏾');
    // Emoji without tones stay as they are.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search emoji' }), { target: { value: 'pizza' } });
    expect(found()[0]).toBe('🍕');
  });
});
