// A group mute as people read it: the time left counts what a fresh mute was set
// for (a 10-minute mute reads 10 minutes, not 11; a day reads 1 day, not 2), and its end is written
// one way wherever it shows — the system line, the member list, the composer — in each language.
import { describe, expect, it } from 'vitest';

import { groupEventText } from '../../web/src/features/chat/utils/group-event-text';
import { muteUntilText } from '../../web/src/features/groups/utils/mute-time';
import { i18n } from '../../web/src/lib/i18n';

const t = i18n.t;
/** The "(… left)" part of the member list's and the composer's text. */
const muteLeftText = (until: number, nowS: number, tr: typeof t) =>
  muteUntilText(until, nowS, tr).match(/\(([^)]*)\)$/)?.[1];
const NOW = Math.floor(new Date(new Date().getFullYear(), 5, 10, 12, 0).getTime() / 1000);

describe('the time a mute has left', () => {
  it('reads a fresh preset as its own length, even from a clock a little behind or a list refreshed 30 s ago', () => {
    for (const stale of [0, 1, 5, 30]) {
      expect(muteLeftText(NOW + 600, NOW - stale, t)).toBe('10 minutes left');
      expect(muteLeftText(NOW + 3600, NOW - stale, t)).toBe('1 hour left');
      expect(muteLeftText(NOW + 86400, NOW - stale, t)).toBe('1 day left');
      expect(muteLeftText(NOW + 7 * 86400, NOW - stale, t)).toBe('7 days left');
    }
  });

  it("reads a fresh preset as its own length from a clock a few seconds ahead of the server's stamp too", () => {
    for (const ahead of [1, 2, 10]) {
      expect(muteLeftText(NOW + 600, NOW + ahead, t)).toBe('10 minutes left');
      expect(muteLeftText(NOW + 3600, NOW + ahead, t)).toBe('1 hour left');
      expect(muteLeftText(NOW + 86400, NOW + ahead, t)).toBe('1 day left');
    }
    expect(muteLeftText(NOW + 59 * 60, NOW, t)).toBe('59 minutes left');
  });

  it('counts down, and says a minute for the last seconds', () => {
    expect(muteLeftText(NOW + 5 * 60 + 10, NOW, t)).toBe('5 minutes left');
    expect(muteLeftText(NOW + 2 * 3600 - 30, NOW, t)).toBe('2 hours left');
    expect(muteLeftText(NOW + 30, NOW, t)).toBe('1 minute left');
  });
});

describe('when a mute ends', () => {
  const until = NOW + 600;
  const line = { kind: 'muted' as const, actor: { id: 1, name: 'An' }, targets: [{ id: 2, name: 'Bình' }], until };

  it.each([
    ['en', 'An muted Bình until Jun 10, 12:10', 'Muted until Jun 10, 12:10 (10 minutes left)'],
    ['vi', 'An đã cấm Bình chat đến 12:10 10 thg 6', 'Bị cấm chat đến 12:10 10 thg 6 (còn 10 phút)'],
    ['zh-CN', 'An将Bình禁言至6月10日 12:10', '已禁言至 6月10日 12:10（还剩 10 分钟）'],
  ])('is written the same in the system line and the member list / composer (%s)', async (lang, system, member) => {
    await i18n.changeLanguage(lang);
    expect(groupEventText(line, 7, t)).toBe(system);
    expect(muteUntilText(until, NOW, t)).toBe(member);
  });
});
