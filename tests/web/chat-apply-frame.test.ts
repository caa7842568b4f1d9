// How pushed socket frames change the chat list and threads (apply-frame is pure).
import { describe, expect, it } from 'vitest';

import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { chatState, contact, frame, ME, message, pushed, recall } from './chat-factories';

const DEVICE = { clientId: 'this-client', isMobile: true, multipleLogin: false };
const unreadOf = (s: ReturnType<typeof chatState>, key: string) => s.contacts.find((c) => String(c.id) === key)?.unread;

describe('applyFrame: incoming messages', () => {
  it('takes the unread count the server sends with a message from someone else, and asks for a notification', () => {
    const start = chatState({ contacts: [contact(12, { unread: 2 })] });
    const { state, effects } = applyFrame(start, frame('simple', pushed(message(12, { content: 'hi' }), 3)), DEVICE);
    expect(unreadOf(state, '12')).toBe(3);
    expect(state.contacts[0]!.lastContent).toBe('hi');
    expect(effects).toEqual([{ kind: 'notify', contact: '12' }]);
  });

  it('adds no unread for my own message echoed from another device', () => {
    const start = chatState({ contacts: [contact(12, { unread: 0 })] });
    const { state, effects } = applyFrame(start, frame('simple', pushed(message(ME, { content: 'mine' }), 0)), DEVICE);
    expect(unreadOf(state, '12')).toBe(0);
    expect(state.contacts[0]!.lastContent).toBe('mine');
    expect(effects).toEqual([]);
  });

  it('adds no unread to the chat on screen and marks it read instead', () => {
    const start = chatState({
      contacts: [contact(12)],
      openContact: '12',
      threads: { '12': { messages: [], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const incoming = message(12);
    const { state, effects } = applyFrame(start, frame('simple', pushed(incoming)), DEVICE);
    expect(unreadOf(state, '12')).toBe(0);
    expect(thread(state, '12').messages.map((m) => m.id)).toEqual([incoming.id]);
    expect(effects).toEqual([{ kind: 'markRead', contact: '12' }]);
  });

  it('does not ring for a muted chat', () => {
    const start = chatState({ contacts: [contact(12, { is_notice: 0 })] });
    expect(applyFrame(start, frame('simple', pushed(message(12))), DEVICE).effects).toEqual([]);
  });

  it('creates an unknown contact from the contactInfo that comes with the message', () => {
    const data = pushed(message(31), 1, { id: 31, displayName: 'Newcomer', avatar: '/a.png', is_group: 0 });
    const { state, effects } = applyFrame(chatState(), frame('simple', data), DEVICE);
    expect(state.contacts).toHaveLength(1);
    expect(state.contacts[0]).toMatchObject({
      id: 31,
      displayName: 'Newcomer',
      avatar: '/a.png',
      unread: 1,
      lastContent: data.content,
    });
    expect(effects).toEqual([{ kind: 'notify', contact: '31' }]);
  });
});

describe('applyFrame: recall and read receipts', () => {
  it('marks a recalled message and turns the chat preview into a recall notice', () => {
    const sent = message(12);
    const start = chatState({
      contacts: [contact(12, { lastContent: sent.content, lastSendTime: sent.sendTime, lastFrom: 12 })],
      threads: { '12': { messages: [sent], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const { state } = applyFrame(start, frame('undoMessage', recall(sent, 12)), DEVICE);
    expect(thread(state, '12').messages[0]).toMatchObject({ is_undo: 1, type: 'event', content: '' });
    expect(state.contacts[0]).toMatchObject({ lastContent: '', lastContentUndo: 1, lastFrom: 12 });
  });

  it('updates the preview of a chat whose thread was never opened when the recalled message was its last', () => {
    const start = chatState({ contacts: [contact(12, { lastContent: 'oops', lastSendTime: 5_000, lastFrom: 12 })] });
    const { state } = applyFrame(
      start,
      frame('undoMessage', recall({ id: 'x', msg_id: 1, from_user: 12, sendTime: 5_000 }, 12)),
      DEVICE,
    );
    expect(state.contacts[0]).toMatchObject({ lastContent: '', lastContentUndo: 1 });
  });

  it('leaves the preview alone when an older message is recalled', () => {
    const start = chatState({ contacts: [contact(12, { lastContent: 'latest', lastSendTime: 9_000, lastFrom: 12 })] });
    const { state } = applyFrame(
      start,
      frame('undoMessage', recall({ id: 'x', msg_id: 1, from_user: 12, sendTime: 5_000 }, 12)),
      DEVICE,
    );
    expect(state.contacts[0]!.lastContent).toBe('latest');
    expect(state.contacts[0]!.lastContentUndo).toBeFalsy();
  });

  it('raises peerReadSeq when the other side reads (isRead or readAll), never lowers it', () => {
    let state = chatState({
      contacts: [contact(12)],
      threads: { '12': { messages: [], hasMore: false, loaded: true, peerReadSeq: 3 } },
    });
    state = applyFrame(state, frame('isRead', { toContactId: 12, reader: 12, seq: 8, ids: [] }), DEVICE).state;
    expect(thread(state, '12').peerReadSeq).toBe(8);
    state = applyFrame(state, frame('readAll', { toContactId: 12, reader: 12, seq: 5 }), DEVICE).state;
    expect(thread(state, '12').peerReadSeq).toBe(8);
  });

  it('sets the unread count the server sends after retention deleted unread messages', () => {
    const start = chatState({ contacts: [contact(12, { unread: 4 }), contact(13, { unread: 1 })] });
    const { state } = applyFrame(start, frame('setUnread', { id: 12, unread: 2 }), DEVICE);
    expect(unreadOf(state, '12')).toBe(2);
    expect(unreadOf(state, '13')).toBe(1);
  });

  it('clears my unread when I read the chat on another device', () => {
    const start = chatState({ contacts: [contact(12, { unread: 4 })] });
    const { state } = applyFrame(start, frame('readAll', { toContactId: 12, reader: ME, seq: 20, unread: 0 }), DEVICE);
    expect(unreadOf(state, '12')).toBe(0);
  });
});

describe('applyFrame: chat preferences', () => {
  it('applies pin, mute and delete echoes from my other devices', () => {
    let state = chatState({ contacts: [contact(12, { unread: 2 })] });
    state = applyFrame(state, frame('setChatTop', { id: 12, is_group: 0, is_top: 1 }), DEVICE).state;
    state = applyFrame(state, frame('setIsNotice', { id: 12, is_group: 0, is_notice: 0 }), DEVICE).state;
    expect(state.contacts[0]).toMatchObject({ is_top: 1, is_notice: 0 });
    state = applyFrame(state, frame('delChat', { id: 12, is_group: 0, hidden: 1 }), DEVICE).state;
    expect(state.contacts[0]).toMatchObject({ lastContent: '', lastSendTime: 0, unread: 0 });
  });
});

describe('applyFrame: offline (logged in elsewhere)', () => {
  const offline = (data: Record<string, unknown>) =>
    frame('offline', { id: ME, client_id: 'other-client', isMobile: true, ...data });

  it('signs this mobile session out when another mobile client of the same account logs in', () => {
    expect(applyFrame(chatState(), offline({}), DEVICE).effects).toEqual([{ kind: 'loggedInElsewhere' }]);
  });

  it('ignores its own connection, another account, a desktop device and multipleLogin "1"', () => {
    expect(applyFrame(chatState(), offline({ client_id: 'this-client' }), DEVICE).effects).toEqual([]);
    expect(applyFrame(chatState(), offline({ id: 99 }), DEVICE).effects).toEqual([]);
    expect(applyFrame(chatState(), offline({}), { ...DEVICE, isMobile: false }).effects).toEqual([]);
    expect(applyFrame(chatState(), offline({ isMobile: false }), DEVICE).effects).toEqual([]);
    expect(applyFrame(chatState(), offline({}), { ...DEVICE, multipleLogin: true }).effects).toEqual([]);
  });
});
