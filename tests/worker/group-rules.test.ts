// The pure group rules the hub asks (services/group-rules.ts), stated one by one.
import { describe, expect, it } from 'vitest';

import { mayRemove, mentionList, muteSeconds, speakVerdict } from '@protocol/group-rules';
import { DEFAULT_GROUP_SETTING } from '@protocol/groups';

const owner = { role: 1, no_speak_time: 0 };
const admin = { role: 2, no_speak_time: 0 };
const member = { role: 3, no_speak_time: 0 };
const NOW = 1_000_000;

describe('group rules', () => {
  it("lets the owner speak through both mute modes and a member's own mute", () => {
    for (const nospeak of [1, 2] as const)
      expect(speakVerdict({ role: 1, no_speak_time: NOW + 60 }, { ...DEFAULT_GROUP_SETTING, nospeak }, NOW)).toBe('ok');
  });

  it("refuses by mode first (the hard refusal), then by the member's mute, which ends at its second", () => {
    expect(speakVerdict(admin, { ...DEFAULT_GROUP_SETTING, nospeak: 1 }, NOW)).toBe('ok');
    expect(speakVerdict(admin, { ...DEFAULT_GROUP_SETTING, nospeak: 2 }, NOW)).toBe('group.allMuted');
    expect(speakVerdict({ role: 3, no_speak_time: NOW + 1 }, { ...DEFAULT_GROUP_SETTING, nospeak: 1 }, NOW)).toBe(
      'group.allMuted',
    );
    expect(speakVerdict({ role: 3, no_speak_time: NOW + 1 }, DEFAULT_GROUP_SETTING, NOW)).toBe('group.notSpeak');
    expect(speakVerdict({ role: 3, no_speak_time: NOW }, DEFAULT_GROUP_SETTING, NOW)).toBe('ok');
  });

  it("mutes for the reference's presets, or whole days", () => {
    expect([1, 2, 3, 4].map((t) => muteSeconds(t, 9))).toEqual([600, 3600, 10800, 86400]);
    expect(muteSeconds(0, 3)).toBe(3 * 86400);
    expect(muteSeconds(0, 0)).toBe(0);
  });

  it('removes only lower ranks, and never lets the owner quit', () => {
    expect(mayRemove(admin, false, member)).toBe('ok');
    expect(mayRemove(admin, false, admin)).toBe('system.notAuth');
    expect(mayRemove(member, false, member)).toBe('system.notAuth');
    expect(mayRemove(member, true, member)).toBe('ok');
    expect(mayRemove(owner, true, owner)).toBe('group.ownerQuit');
    expect(mayRemove(owner, false, null)).toBe('group.notMember');
  });

  it('keeps mentions of members, and of everyone (0) only from a manager', () => {
    expect(mentionList([0, 5, 5, 9], member, [5, 6])).toEqual([5]);
    expect(mentionList([0, 5], admin, [5, 6])).toEqual([0, 5]);
  });
});
