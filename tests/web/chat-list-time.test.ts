// Chat-list times: weeks start on Monday, so Sunday is the last day of its week.
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { formatChatListTime } from '../../web/src/utils/chat-list-time';

const show = (sentAt: Date, now: Date) => formatChatListTime(sentAt, now, i18n.t);
const WEDNESDAY = new Date(2024, 5, 19, 15, 30); // 19 June 2024
const SUNDAY = new Date(2024, 5, 23, 10, 0);
const MONDAY = new Date(2024, 5, 17, 10, 0);

describe('chat list time', () => {
  it('shows the time of day for today, zero-padded', () => {
    expect(show(new Date(2024, 5, 19, 8, 5), WEDNESDAY)).toBe('08:05');
    expect(show(new Date(2024, 5, 19, 0, 0), WEDNESDAY)).toBe('00:00');
  });

  it('says yesterday for the previous day, even across a week boundary', () => {
    expect(show(new Date(2024, 5, 18, 23, 59), WEDNESDAY)).toBe('yesterday');
    expect(show(new Date(2024, 5, 16, 12), MONDAY)).toBe('yesterday');
  });

  it('names the weekday for earlier days of the current week', () => {
    expect(show(new Date(2024, 5, 17, 9), WEDNESDAY)).toBe('Monday');
  });

  it('on a Sunday, counts Monday to Friday of the same week as this week', () => {
    expect(show(new Date(2024, 5, 17, 9), SUNDAY)).toBe('Monday');
    expect(show(new Date(2024, 5, 21, 9), SUNDAY)).toBe('Friday');
    expect(show(new Date(2024, 5, 22, 9), SUNDAY)).toBe('yesterday');
  });

  it('shows month-day for last week and earlier in the same year', () => {
    expect(show(new Date(2024, 5, 16, 9), WEDNESDAY)).toBe('06-16');
    expect(show(new Date(2024, 5, 16, 9), SUNDAY)).toBe('06-16');
    expect(show(new Date(2024, 0, 1, 9), WEDNESDAY)).toBe('01-01');
  });

  it('shows the full date for earlier years', () => {
    expect(show(new Date(2023, 11, 31, 9), new Date(2024, 0, 3, 9))).toBe('2023-12-31');
  });

  it('translates weekday names', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(show(new Date(2024, 5, 17, 9), WEDNESDAY)).toBe('星期一');
    await i18n.changeLanguage('vi');
    expect(show(new Date(2024, 5, 21, 9), SUNDAY)).toBe('Thứ Sáu');
  });
});
