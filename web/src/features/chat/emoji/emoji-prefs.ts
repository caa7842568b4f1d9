// What the emoji picker remembers on this device: the emoji used most recently (newest first)
// and the chosen skin tone (0 = the default yellow, 1–5 light to dark).
const RECENT_KEY = 'emojiRecent';
const TONE_KEY = 'emojiSkinTone';
export const RECENT_MAX = 24;

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

export function recentEmoji(): string[] {
  const value = readJson(RECENT_KEY);
  return Array.isArray(value)
    ? value.filter((e): e is string => typeof e === 'string' && e.length <= 32).slice(0, RECENT_MAX)
    : [];
}

/** Puts an emoji first in the recent list (once), keeping at most RECENT_MAX. */
export function rememberEmoji(emoji: string): string[] {
  const next = [emoji, ...recentEmoji().filter((e) => e !== emoji)].slice(0, RECENT_MAX);
  localStorage.setItem(RECENT_KEY, JSON.stringify(next));
  return next;
}

export function skinTone(): number {
  const value = readJson(TONE_KEY);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 5 ? value : 0;
}

export function setSkinTone(tone: number): void {
  localStorage.setItem(TONE_KEY, JSON.stringify(tone));
}
