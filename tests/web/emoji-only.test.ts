// A message of only one to three emoji is drawn big; anything else stays a text bubble.
import { describe, expect, it } from 'vitest';

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
});
