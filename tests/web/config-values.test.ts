import { describe, expect, it } from 'vitest';
import { configNumber, configSwitch, uploadLimitMb } from '../../worker/protocol/config-values';
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
