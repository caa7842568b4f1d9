// Who is typing in the app: the composer tells the other side at most once every
// 3 s while the text changes and says when it stops (sent, cleared), never while the server keeps
// presence off; a `typing` frame shows "typing…" on the chat list row and under the chat's name
// (announced politely), until its message arrives, it stops, or 6 s pass without a renewal; groups
// name who is typing, in three languages.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PATHS } from '../../web/src/config/paths';
import { typingStore, typingText, useTypingIn } from '../../web/src/features/chat';
import { i18n } from '../../web/src/lib/i18n';
import { message, summary, wire } from './chat-factories';
import { openApp, push, serve, socket } from './friends-fakes';

const BAO = 21;

afterEach(async () => {
  typingStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const typingSent = (sent: string[]) =>
  sent
    .map((s) => JSON.parse(s) as { type: string; typing?: boolean; toContactId?: unknown })
    .filter((f) => f.type === 'typing');

function chatWithBao() {
  serve({
    '/enterprise/im/getContacts': () => [summary(BAO, { displayName: 'Bao' })],
    '/enterprise/im/getMessageList': () => [],
    '/enterprise/im/getContactInfo': () => ({ ...summary(BAO, { displayName: 'Bao' }) }),
    '/enterprise/im/setMsgIsRead': () => ({ readSeq: 0 }),
  });
}

describe('the composer', () => {
  it('says I am typing once for a burst of keys, and that I stopped when the text is cleared', async () => {
    chatWithBao();
    openApp(`${PATHS.chat}?id=${BAO}`);
    const ws = await socket();
    const box = await screen.findByRole('textbox', { name: /message/i });
    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) fireEvent.change(box, { target: { value: text } });
    expect(typingSent(ws.sent)).toEqual([{ type: 'typing', toContactId: String(BAO), typing: true }]);
    fireEvent.change(box, { target: { value: '' } });
    expect(typingSent(ws.sent).map((f) => f.typing)).toEqual([true, false]);
  });

  it('says nothing while the server keeps presence off (chatInfo.online 0)', async () => {
    chatWithBao();
    openApp(`${PATHS.chat}?id=${BAO}`, {}, { online: '0' });
    const ws = await socket();
    fireEvent.change(await screen.findByRole('textbox', { name: /message/i }), { target: { value: 'hi' } });
    expect(typingSent(ws.sent)).toEqual([]);
  });
});

describe('someone typing', () => {
  it('shows on the chat list row until their message arrives', async () => {
    chatWithBao();
    openApp(PATHS.home);
    const ws = await socket();
    const row = (await screen.findByText('Bao')).closest('li')!;
    act(() => push(ws, 'typing', { toContactId: BAO, user_id: BAO, typing: true }));
    await within(row).findByText('typing…');
    const arrived = { ...wire(message(BAO, { content: 'on my way' })), toContactId: BAO, unread: 1 };
    act(() => push(ws, 'simple', arrived));
    await within(row).findByText('on my way');
    expect(within(row).queryByText('typing…')).toBeNull();
  });

  it('shows under the name in the open chat, politely announced, and goes when they stop', async () => {
    chatWithBao();
    openApp(`${PATHS.chat}?id=${BAO}`);
    const ws = await socket();
    await screen.findByText('Bao', { selector: 'h1' });
    act(() => push(ws, 'typing', { toContactId: BAO, user_id: BAO, typing: true }));
    const line = await screen.findByText('typing…', { selector: '[aria-live="polite"]' });
    act(() => push(ws, 'typing', { toContactId: BAO, user_id: BAO, typing: false }));
    await waitFor(() => expect(line.textContent).toBe(''));
  });

  it('is forgotten 6 s after the last renewal', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useTypingIn(String(BAO)));
    act(() => typingStore.heard({ toContactId: BAO, user_id: BAO, typing: true }));
    expect(result.current).toEqual([BAO]);
    act(() => vi.advanceTimersByTime(4000));
    act(() => typingStore.heard({ toContactId: BAO, user_id: BAO, typing: true }));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current).toEqual([BAO]);
    act(() => vi.advanceTimersByTime(2100));
    expect(result.current).toEqual([]);
  });

  it('names who is typing in a group, in Vietnamese, English and Chinese', async () => {
    const names: Record<number, string> = { 1: 'An', 2: 'Bình', 3: 'Chi' };
    const nameOf = (id: number) => names[id];
    const words = () => [
      typingText([1], true, nameOf, i18n.t),
      typingText([1, 2], true, nameOf, i18n.t),
      typingText([1, 2, 3], true, nameOf, i18n.t),
      typingText([1], false, nameOf, i18n.t),
      typingText([], true, nameOf, i18n.t),
    ];
    expect(words()).toEqual([
      'An is typing…',
      'An and Bình are typing…',
      'Several people are typing…',
      'typing…',
      null,
    ]);
    await act(() => i18n.changeLanguage('vi'));
    expect(words().slice(0, 2)).toEqual(['An đang soạn tin…', 'An và Bình đang soạn tin…']);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(words().slice(0, 3)).toEqual(['An 正在输入…', 'An 和 Bình 正在输入…', '多人正在输入…']);
  });
});
