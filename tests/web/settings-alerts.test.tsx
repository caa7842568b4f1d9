// The settings act: a new message from someone else in an unmuted chat rings and/or
// vibrates as the settings say at that moment; never for my own, nor for the chat on screen; an
// open chat in a hidden page is not on screen, so it rings.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useChatAlerts } from '../../web/src/features/chat/hooks/use-chat-alerts';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { storage } from '../../web/src/lib/storage';
import { chatState, contact, frame, ME, message, pushed } from './chat-factories';

const beep = vi.hoisted(() => ({ playBeep: vi.fn() }));
vi.mock('../../web/src/features/chat/utils/beep', () => beep);

const DEVICE = { clientId: 'this-client', isMobile: false, multipleLogin: false };
const openChat = () =>
  chatState({
    contacts: [contact(12)],
    openContact: '12',
    threads: { '12': { messages: [], hasMore: false, loaded: true, peerReadSeq: 0 } },
  });
const notifies = (effects: { kind: string }[]) => effects.filter((e) => e.kind === 'notify');

describe('when a message asks for an alert', () => {
  it('not for the chat on screen, but yes when the page is hidden', () => {
    expect(notifies(applyFrame(openChat(), frame('simple', pushed(message(12))), DEVICE).effects)).toEqual([]);
    expect(
      notifies(applyFrame(openChat(), frame('simple', pushed(message(12))), { ...DEVICE, hidden: true }).effects),
    ).toEqual([{ kind: 'notify', contact: '12' }]);
  });

  it('never for my own message or a muted chat, even in a hidden page', () => {
    const hidden = { ...DEVICE, hidden: true };
    expect(
      notifies(
        applyFrame(chatState({ contacts: [contact(12)] }), frame('simple', pushed(message(ME))), hidden).effects,
      ),
    ).toEqual([]);
    expect(
      notifies(
        applyFrame(
          chatState({ contacts: [contact(12, { is_notice: 0 })] }),
          frame('simple', pushed(message(12))),
          hidden,
        ).effects,
      ),
    ).toEqual([]);
  });

  it('for another chat while one is open', () => {
    const start = chatState({ contacts: [contact(12), contact(13)], openContact: '12' });
    expect(notifies(applyFrame(start, frame('simple', pushed(message(13))), DEVICE).effects)).toEqual([
      { kind: 'notify', contact: '13' },
    ]);
  });
});

describe('what the alert does', () => {
  afterEach(() => {
    beep.playBeep.mockClear();
    vi.unstubAllGlobals();
  });

  function alertWith(setting: { voiceStatus: boolean; vibrateStatus: boolean }) {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate }));
    storage.setAppSetting({ ...setting, circleAvatar: false });
    const hook = renderHook(() => useChatAlerts());
    chatStore.onEffect({ kind: 'notify', contact: '12' });
    hook.unmount();
    return vibrate;
  }

  it('plays the sound and does not vibrate by default', () => {
    const vibrate = alertWith({ voiceStatus: true, vibrateStatus: false });
    expect(beep.playBeep).toHaveBeenCalledTimes(1);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('vibrates without sound when the settings say so', () => {
    const vibrate = alertWith({ voiceStatus: false, vibrateStatus: true });
    expect(beep.playBeep).not.toHaveBeenCalled();
    expect(vibrate).toHaveBeenCalledWith(200);
  });
});
