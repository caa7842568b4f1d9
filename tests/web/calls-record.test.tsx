// The call record in a chat: its line by code and by my side of the call in vi, en and zh-CN, the
// duration of an answered call, a `webrtc` hang-up frame updating the record in a loaded thread,
// and no long-press actions on it (not forwarded, quoted, copied or recalled).
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MessageContent } from '../../web/src/features/chat/components/thread/message-content';
import { menuActions } from '../../web/src/features/chat/components/thread/message-display-rules';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { i18n } from '../../web/src/lib/i18n';
import { CALL_ID, ME, PEER, webrtc } from './calls-fakes';
import { chatState, contact, frame, message, pushed } from './chat-factories';

/** A stored call record: from the caller, with the call's kind and outcome. */
function record(caller: number, type: 0 | 1, code: number, callTime = 0) {
  return message(caller, {
    id: CALL_ID,
    type: 'webrtc',
    content: '',
    extends: { id: CALL_ID, type, code, callTime, caller },
  });
}

function lineOf(caller: number, type: 0 | 1, code: number, callTime = 0): string {
  const { container, unmount } = render(
    <MessageContent message={record(caller, type, code, callTime)} mine={caller === ME} />,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

const VIDEO = 1;
const VOICE = 0;

describe('the call record bubble', () => {
  const CASES: [string, number, 0 | 1, number, number, Record<'en' | 'vi' | 'zh-CN', string>][] = [
    ['my call ringing', ME, VIDEO, 901, 0, { en: 'Outgoing video call', vi: 'Cuộc gọi video đi', 'zh-CN': '视频通话' }],
    ['my call cancelled', ME, VOICE, 902, 0, { en: 'Cancelled', vi: 'Đã hủy', 'zh-CN': '已取消' }],
    [
      'their call I missed (cancelled)',
      PEER,
      VOICE,
      902,
      0,
      { en: 'Missed voice call', vi: 'Cuộc gọi thoại nhỡ', 'zh-CN': '未接语音通话' },
    ],
    ['my call declined', ME, VIDEO, 903, 0, { en: 'Declined', vi: 'Đã từ chối', 'zh-CN': '已拒绝' }],
    ['their call I declined', PEER, VIDEO, 903, 0, { en: 'Declined', vi: 'Đã từ chối', 'zh-CN': '已拒绝' }],
    ['my call unanswered', ME, VOICE, 905, 0, { en: 'No answer', vi: 'Không trả lời', 'zh-CN': '对方无应答' }],
    [
      'their call missed',
      PEER,
      VIDEO,
      905,
      0,
      { en: 'Missed video call', vi: 'Cuộc gọi video nhỡ', 'zh-CN': '未接视频通话' },
    ],
    [
      'an answered call',
      ME,
      VIDEO,
      906,
      125,
      { en: 'Duration 02:05', vi: 'Thời lượng 02:05', 'zh-CN': '通话时长 02:05' },
    ],
    [
      'their answered call',
      PEER,
      VOICE,
      906,
      3725,
      { en: 'Duration 1:02:05', vi: 'Thời lượng 1:02:05', 'zh-CN': '通话时长 1:02:05' },
    ],
    ['my call to someone busy', ME, VOICE, 907, 0, { en: 'Busy', vi: 'Máy bận', 'zh-CN': '忙线中' }],
    [
      'their call while I was busy',
      PEER,
      VOICE,
      907,
      0,
      { en: 'Missed voice call', vi: 'Cuộc gọi thoại nhỡ', 'zh-CN': '未接语音通话' },
    ],
    [
      'their call ringing',
      PEER,
      VOICE,
      901,
      0,
      { en: 'Incoming voice call', vi: 'Cuộc gọi thoại đến', 'zh-CN': '语音来电' },
    ],
  ];
  for (const lang of ['en', 'vi', 'zh-CN'] as const) {
    it(`words every outcome from my side in ${lang}`, async () => {
      await i18n.changeLanguage(lang);
      for (const [what, caller, type, code, callTime, texts] of CASES)
        expect(lineOf(caller, type, code, callTime), what).toBe(texts[lang]);
    });
  }

  it('shows a camera for a video call and a phone for a voice call (the same icon drawn differently)', () => {
    const video = render(<MessageContent message={record(ME, VIDEO, 906, 5)} mine />).container.querySelector(
      'svg',
    )?.innerHTML;
    const voice = render(<MessageContent message={record(ME, VOICE, 906, 5)} mine />).container.querySelector(
      'svg',
    )?.innerHTML;
    expect(video).toContain('rect');
    expect(voice).not.toContain('rect');
  });

  it('offers nothing on long-press: a record is not copied, quoted, forwarded or recalled', () => {
    expect(menuActions(record(ME, VIDEO, 906, 5), { me: ME, redoSeconds: 120, now: Date.now() })).toEqual([]);
  });
});

describe("a call's end updates its record", () => {
  const loaded = (messages: ReturnType<typeof record>[]) =>
    chatState({
      contacts: [contact(PEER)],
      threads: { [String(PEER)]: { messages, hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
  const DEVICE = { clientId: 'c', isMobile: false, multipleLogin: true };

  it("takes the hang-up frame's code and duration in the chat with the other person", () => {
    const start = loaded([record(PEER, VIDEO, 901)]);
    const { state } = applyFrame(start, frame('webrtc', webrtc('hangup', { code: 906, callTime: 42 })), DEVICE);
    expect(thread(state, String(PEER)).messages[0]!.extends).toMatchObject({ code: 906, callTime: 42, caller: PEER });
  });

  it('takes my other device\'s otherOpt hang-up, but not its "answered" (the call goes on)', () => {
    const start = loaded([record(ME, VOICE, 901)]);
    const answered = applyFrame(
      start,
      frame('webrtc', webrtc('otherOpt', { from: ME, toContactId: PEER, code: 908, action: 'acceptRtc' })),
      DEVICE,
    ).state;
    expect(answered).toBe(start);
    const ended = applyFrame(
      start,
      frame('webrtc', webrtc('otherOpt', { from: ME, toContactId: PEER, code: 902, action: 'hangup' })),
      DEVICE,
    ).state;
    expect(thread(ended, String(PEER)).messages[0]!.extends).toMatchObject({ code: 902 });
  });

  it('a record arriving as the call rings adds to the list but plays no message sound (the call rings itself)', () => {
    const start = chatState({ contacts: [contact(PEER)] });
    const { state, effects } = applyFrame(start, frame('simple', pushed(record(PEER, VIDEO, 901))), DEVICE);
    expect(state.contacts[0]).toMatchObject({ type: 'webrtc', unread: 1 });
    expect(effects).toEqual([]);
  });

  it('leaves other messages and other calls alone', () => {
    const other = message(PEER, { content: 'hi' });
    const start = loaded([other, record(PEER, VIDEO, 901)]);
    const { state } = applyFrame(
      start,
      frame('webrtc', webrtc('hangup', { id: 'another-call-9', msgId: 999, code: 903 })),
      DEVICE,
    );
    expect(state).toBe(start);
  });
});
