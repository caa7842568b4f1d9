// @vitest-environment node
// Pure thread and chat-list helpers: message order, chat order and the unread total.
import { describe, expect, it } from 'vitest';

import { mergeMessages, sortContacts, totalUnread, visibleChats } from '../../web/src/features/chat/state/thread-ops';
import { EMPTY_THREAD } from '../../web/src/features/chat/types';
import { contact, ME, message } from './chat-factories';

describe('mergeMessages', () => {
  it('orders acknowledged messages by seq and keeps pending ones after them in the order they were made', () => {
    const pendingB = message(ME, { status: 'going', seq: 0, sendTime: 200 });
    const pendingA = message(ME, { status: 'failed', seq: 0, sendTime: 100 });
    const second = message(12, { seq: 2 });
    const first = message(12, { seq: 1 });
    const t = mergeMessages(EMPTY_THREAD, [pendingB, second, pendingA, first]);
    expect(t.messages.map((m) => m.id)).toEqual([first.id, second.id, pendingA.id, pendingB.id]);
  });

  it('replaces a pending message by its acknowledged copy instead of duplicating it', () => {
    const pending = message(ME, { status: 'going', seq: 0 });
    const acked = { ...pending, status: 'succeed' as const, seq: 5 };
    const t = mergeMessages(mergeMessages(EMPTY_THREAD, [pending]), [acked]);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]).toMatchObject({ status: 'succeed', seq: 5 });
  });

  it('keeps the same thread when a page brings only copies of what it holds (no row is drawn again)', () => {
    const first = message(12, { seq: 1 });
    const second = message(ME, { seq: 2 });
    const t = mergeMessages(EMPTY_THREAD, [first, second]);
    expect(mergeMessages(t, [{ ...first }, { ...second }])).toBe(t);
    const read = mergeMessages(t, [{ ...second, is_read: 1 }]);
    expect(read).not.toBe(t);
    expect(read.messages[0]).toBe(t.messages[0]);
  });
});

describe('chat list order and totals', () => {
  it('puts pinned chats first, each group newest first', () => {
    const list = [
      contact(1, { lastSendTime: 300 }),
      contact(2, { lastSendTime: 100, is_top: 1 }),
      contact(3, { lastSendTime: 500 }),
      contact(4, { lastSendTime: 200, is_top: 1 }),
    ];
    expect(sortContacts(list).map((c) => c.id)).toEqual([4, 2, 3, 1]);
  });

  it('shows only chats with something in them', () => {
    const list = [
      contact(1),
      contact(2, { lastContent: '', lastSendTime: 0 }),
      contact(3, { lastContent: '', lastContentUndo: 1 }),
    ];
    expect(visibleChats(list).map((c) => c.id)).toEqual([1, 3]);
  });

  it('sums unread over chats with content and leaves muted chats out', () => {
    const list = [
      contact(1, { unread: 2 }),
      contact(2, { unread: 5, is_notice: 0 }),
      contact(3, { unread: 4, lastContent: '', lastSendTime: 0 }),
      contact(4, { unread: 1 }),
    ];
    expect(totalUnread(list)).toBe(3);
  });
});
