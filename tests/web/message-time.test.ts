// Relative message times, against a fixed "now" in local time.
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { formatMessageTime } from '../../web/src/utils/message-time';

const NOW = new Date(2024, 5, 19, 15, 30, 0); // Wednesday 19 June 2024, 15:30
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const at = (...parts: [number, number, number, number?, number?]) =>
  new Date(...(parts as [number, number, number, number, number]));
const show = (sentAt: Date) => formatMessageTime(sentAt, NOW, i18n.t);

describe('message time', () => {
  it('says "just now" under one minute, and for a sender clock slightly ahead', () => {
    expect(show(ago(0))).toBe('just now');
    expect(show(ago(59_999))).toBe('just now');
    expect(show(new Date(NOW.getTime() + 5_000))).toBe('just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(show(ago(60_000))).toBe('1 minute ago');
    expect(show(ago(59 * 60_000 + 59_000))).toBe('59 minutes ago');
  });

  it('counts hours on the same day', () => {
    expect(show(ago(3_600_000))).toBe('1 hour ago');
    expect(show(at(2024, 5, 19, 0, 5))).toBe('15 hours ago');
  });

  it('says yesterday for the previous calendar day, however few hours ago', () => {
    expect(show(at(2024, 5, 18, 23, 0))).toBe('yesterday');
    expect(show(at(2024, 5, 18, 0, 1))).toBe('yesterday');
  });

  it('counts days up to 30, then shows the date', () => {
    expect(show(at(2024, 5, 17, 12))).toBe('2 days ago');
    expect(show(at(2024, 4, 20, 12))).toBe('30 days ago');
    expect(show(at(2024, 4, 19, 12))).toBe('2024-05-19');
    expect(show(at(2023, 0, 5, 8))).toBe('2023-01-05');
  });

  it('is translated into Vietnamese and Chinese', async () => {
    await i18n.changeLanguage('vi');
    expect(show(ago(5 * 60_000))).toBe('5 phút trước');
    expect(show(at(2024, 5, 18, 9))).toBe('hôm qua');
    await i18n.changeLanguage('zh-CN');
    expect(show(ago(0))).toBe('刚刚');
    expect(show(at(2024, 5, 16, 9))).toBe('3 天前');
  });
});
