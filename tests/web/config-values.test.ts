import { describe, expect, it } from 'vitest';

import { chatSwitch, configNumber, configSwitch, friendsOnlyMode, uploadLimitMb } from '@protocol/config-values';

import { callsEnabled } from '../../web/src/features/calls/utils/start-call';
import { chatConfig } from '../../web/src/features/chat/config/chat-config';
import { storage } from '../../web/src/lib/storage';

describe('configuration numbers, read the same way by the Worker and the web app', () => {
  it('takes the default for a missing, empty, non-numeric or negative value', () => {
    for (const value of [undefined, null, '', 'abc', '-5', -1, true]) expect(configNumber(value, 120)).toBe(120);
  });

  it('keeps zero and positive numbers, sent as strings or numbers', () => {
    expect(configNumber('0', 120)).toBe(0);
    expect(configNumber('30', 120)).toBe(30);
    expect(configNumber(45, 120)).toBe(45);
  });

  it('reads switches as "1" on and "0" off, anything else as the default', () => {
    expect(configSwitch('1', false)).toBe(true);
    expect(configSwitch('0', true)).toBe(false);
    expect(configSwitch(undefined, true)).toBe(true);
    expect(configSwitch('yes', false)).toBe(false);
  });

  it('reads 1 and 0 as numbers and a stored true or false as themselves; empty, "false" or missing as the default', () => {
    const cases: [unknown, boolean][] = [
      ['1', true],
      [1, true],
      [true, true],
      ['0', false],
      [0, false],
      [false, false],
      ['', true],
      ['false', true],
      [undefined, true],
      [null, true],
    ];
    for (const [value, on] of cases) expect([value, configSwitch(value, true)]).toEqual([value, on]);
    expect(configSwitch('', false)).toBe(false);
  });

  it('shows calls and "Create group" for every stored value the server lets them through (tests/worker/config-switches.test.ts)', () => {
    const cases: [Record<string, unknown>, boolean][] = [
      [{}, true],
      [{ webrtc: '' }, true],
      [{ webrtc: '1' }, true],
      [{ webrtc: '0' }, false],
      [{ webrtc: false }, false],
      [{ webrtc: 'false' }, true],
    ];
    for (const [chatInfo, on] of cases) {
      storage.setGlobalConfig({ sysInfo: {}, chatInfo, fileUpload: {} });
      expect([chatInfo, callsEnabled()]).toEqual([chatInfo, on]);
    }
    expect(chatSwitch({ groupChat: '' }, 'groupChat')).toBe(true);
    expect(chatSwitch({}, 'online')).toBe(true);
  });

  it('never lets a file limit of 0 MB refuse every file', () => {
    expect(uploadLimitMb('0')).toBe(50);
    expect(uploadLimitMb('')).toBe(50);
    expect(uploadLimitMb('10')).toBe(10);
  });

  it('gives the chat screen the recall window the server applies, also for an empty redoTime', () => {
    storage.setGlobalConfig({ sysInfo: {}, chatInfo: { redoTime: '' }, fileUpload: {} });
    expect(chatConfig().redoSeconds).toBe(120);
  });
});

describe('run mode 2, read the same way by the Worker and the web app', () => {
  it('is friends only for run mode "2" or 2, and for nothing else', () => {
    expect(friendsOnlyMode({ runMode: '2' })).toBe(true);
    expect(friendsOnlyMode({ runMode: 2 })).toBe(true);
    for (const runMode of ['1', 1, '', undefined, null, '22']) expect(friendsOnlyMode({ runMode })).toBe(false);
    expect(friendsOnlyMode({})).toBe(false);
  });
});
