// @vitest-environment node
// The client's group controls through the server's own rules
// (worker/protocol/group-rules.ts): who sees which control, and why the composer is closed.
import { describe, expect, it } from 'vitest';

import { DEFAULT_GROUP_SETTING } from '@protocol/groups';

import {
  canEditGroup,
  canEditNotice,
  canInvite,
  canModerate,
  canOpenProfile,
  speakBlock,
} from '../../web/src/features/groups/utils/group-rules';

const NOW = 1_700_000_000;
const set = (patch: Partial<typeof DEFAULT_GROUP_SETTING>) => ({ ...DEFAULT_GROUP_SETTING, ...patch });

describe('group rules on the client', () => {
  it('lets managers moderate only lower ranks, never themselves or their equals', () => {
    expect(canModerate(1, 2)).toBe(true);
    expect(canModerate(1, 3)).toBe(true);
    expect(canModerate(2, 3)).toBe(true);
    expect(canModerate(2, 2)).toBe(false);
    expect(canModerate(2, 1)).toBe(false);
    expect(canModerate(3, 3)).toBe(false);
  });

  it('follows the settings for members and ignores them for managers', () => {
    expect(canEditGroup(3, set({ manage: 1 }))).toBe(false);
    expect(canEditGroup(3, set({ manage: 0 }))).toBe(true);
    expect(canEditGroup(2, set({ manage: 1 }))).toBe(true);
    expect(canEditGroup(0, set({ manage: 0 }))).toBe(false);
    expect(canInvite(3, set({ invite: 0 }))).toBe(false);
    expect(canInvite(3, set({ invite: 1 }))).toBe(true);
    expect(canInvite(2, set({ invite: 0 }))).toBe(true);
    expect(canOpenProfile(3, set({ profile: 0 }))).toBe(false);
    expect(canOpenProfile(2, set({ profile: 0 }))).toBe(true);
  });

  it('keeps the announcement to managers, as the server does, even while management is open to all', () => {
    expect(canEditNotice(1)).toBe(true);
    expect(canEditNotice(2)).toBe(true);
    expect(canEditNotice(3)).toBe(false);
    expect(canEditNotice(0)).toBe(false);
  });

  it('says why I cannot speak: the group mute, then my own until it ends; never for the owner', () => {
    expect(speakBlock(1, set({ nospeak: 2 }), NOW + 60, NOW)).toBeNull();
    expect(speakBlock(2, set({ nospeak: 2 }), 0, NOW)).toEqual({ kind: 'onlyOwner' });
    expect(speakBlock(2, set({ nospeak: 1 }), 0, NOW)).toBeNull();
    expect(speakBlock(3, set({ nospeak: 1 }), NOW + 60, NOW)).toEqual({ kind: 'onlyAdmins' });
    expect(speakBlock(3, set({}), NOW + 60, NOW)).toEqual({ kind: 'muted', until: NOW + 60 });
    expect(speakBlock(3, set({}), NOW, NOW)).toBeNull();
    expect(speakBlock(0, set({ nospeak: 2 }), 0, NOW)).toBeNull();
  });
});
