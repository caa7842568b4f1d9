// Reporting someone's message: Report in its menu asks why (a sheet of reasons
// in the user's language), sends the report naming the message and the chat, and says it was sent;
// a message an operator removed says so in the thread and in the chat list.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { chatPreview } from '../../web/src/features/chat/components/chat-list/chat-preview';
import { i18n } from '../../web/src/lib/i18n';
import { contact, ME, message, PEER, wire } from './chat-factories';
import { openChatPage, type Posted, withChatPage } from './chat-page';

const MESSAGE = message(PEER, { seq: 7, msg_id: 7, content: 'buy cheap watches' });
let posted: Posted[] = [];
const openChat = (messages = [wire(MESSAGE)]) => {
  posted = openChatPage(messages);
};

withChatPage();

describe('Report', () => {
  it('asks why, reports the message with the reason, and says it was sent', async () => {
    await openChat();
    await screen.findByText('buy cheap watches');
    fireEvent.contextMenu(screen.getByTestId('bubble'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Report' }));
    expect(await screen.findByText('Report this message for')).toBeTruthy();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Spam or advertising' }));
    expect(await screen.findByText('Report sent. The operators will look at it.')).toBeTruthy();
    const sent = posted.find((p) => p.url === '/enterprise/im/reportMessage');
    expect(sent?.body).toEqual({ msg_id: 7, toContactId: String(PEER), reason: 'spam' });
  });

  it('shows a message an operator removed as such, in each language, and the chat list says so', async () => {
    await openChat([wire({ ...MESSAGE, is_undo: 1, content: '', type: 'event', extends: { moderated: 1 } })]);
    expect(await screen.findByText('This message was removed by an operator')).toBeTruthy();
    await act(() => i18n.changeLanguage('vi'));
    expect(await screen.findByText('Tin nhắn này đã bị quản trị viên gỡ')).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText('此消息已被系统管理员移除')).toBeTruthy();
    const row = contact(PEER, { lastContentUndo: 2, lastFrom: PEER });
    const preview = chatPreview(row, { me: ME, nameOf: () => 'Bao', t: i18n.t });
    expect(preview).toBe('一条消息已被系统管理员移除');
  });
});
