// @vitest-environment node
// A message of only one to three emoji is drawn big; anything else stays a text bubble.
import { describe, expect, it, vi } from 'vitest';

import { emojiOnlyCount } from '../../web/src/features/chat/emoji/emoji-only';

describe('emoji-only messages', () => {
  it('counts one to three emoji, with spaces between them allowed', () => {
    expect(emojiOnlyCount('😀')).toBe(1);
    expect(emojiOnlyCount(' 😀🎉 ')).toBe(2);
    expect(emojiOnlyCount('😀 🎉 👍')).toBe(3);
  });

  it('counts a skin tone, a family, a flag and a keycap as one emoji each', () => {
    expect(emojiOnlyCount('👍🏽')).toBe(1);
    expect(emojiOnlyCount('👨‍👩‍👧‍👦')).toBe(1);
    expect(emojiOnlyCount('🇻🇳')).toBe(1);
    expect(emojiOnlyCount('1️⃣')).toBe(1);
    expect(emojiOnlyCount('❤')).toBe(1);
  });

  it('is not emoji-only with four emoji, any letter or digit, or text symbols such as ©', () => {
    expect(emojiOnlyCount('😀😀😀😀')).toBe(0);
    expect(emojiOnlyCount('ok 👍')).toBe(0);
    expect(emojiOnlyCount('1')).toBe(0);
    expect(emojiOnlyCount('©')).toBe(0);
    expect(emojiOnlyCount('')).toBe(0);
    expect(emojiOnlyCount('   ')).toBe(0);
  });

  it('settles text with letters, in any script, without building a grapheme segmenter', async () => {
    // Building one costs tens of milliseconds, and every row of an opening thread asks.
    vi.resetModules();
    const made = vi.spyOn(Intl, 'Segmenter');
    const fresh = await import('../../web/src/features/chat/emoji/emoji-only');
    expect(fresh.emojiOnlyCount('Hello, see you at seven')).toBe(0);
    expect(fresh.emojiOnlyCount('Chào bạn 👋')).toBe(0);
    expect(fresh.emojiOnlyCount('你好')).toBe(0);
    expect(made).not.toHaveBeenCalled();
    expect(fresh.emojiOnlyCount('👋')).toBe(1);
    made.mockRestore();
  });
});
