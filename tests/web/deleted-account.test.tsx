// A chat with someone whose account an operator deleted: their messages stay,
// under "Deleted user" in the reader's language, and the composer gives way to a notice saying why
// nobody can reply.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { thread } from '../../web/src/features/chat/state/thread-ops';
import { i18n } from '../../web/src/lib/i18n';
import { chatState, contact, frame, ME, message, PEER, summary, wire } from './chat-factories';
import { openChatPage, withChatPage } from './chat-page';

const NAMELESS = { id: PEER, user_id: PEER, realname: '', displayName: '', avatar: '' };

function openChat() {
  const old = message(PEER, { content: 'see you', fromUser: NAMELESS });
  openChatPage([wire(old)], summary(PEER, { displayName: i18n.t('chat.deletedUser'), is_deleted: 1 }));
}

withChatPage();

describe('a chat with a deleted account', () => {
  it('keeps the messages and offers no composer, saying why', async () => {
    openChat();
    await screen.findByText('see you');
    expect(await screen.findByText('This account was deleted: you can read your messages but not reply.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('words it in Vietnamese', async () => {
    await act(() => i18n.changeLanguage('vi'));
    openChat();
    await screen.findByText('see you');
    expect(
      await screen.findByText('Tài khoản này đã bị xóa: bạn có thể đọc tin nhắn nhưng không thể trả lời.'),
    ).toBeTruthy();
    expect(screen.getAllByText('Người dùng đã bị xóa').length).toBeGreaterThan(0);
  });
});

describe('a reply quoting them', () => {
  const quoting = (realname: string) =>
    message(ME, {
      content: 'me too',
      extends: { quote: { msg_id: 1, user_id: PEER, realname, type: 'text', content: 'see you' } },
    });

  it('says "Deleted user" when the chat is loaded again (the server rebuilds the quote with no name)', async () => {
    openChatPage([wire(quoting(''))], summary(PEER, { displayName: i18n.t('chat.deletedUser'), is_deleted: 1 }));
    expect(await screen.findByText('Deleted user: see you')).toBeTruthy();
  });

  it('forgets their name live when the account goes, as the kept copy then does', () => {
    const reply = quoting('Bao');
    const start = chatState({
      contacts: [contact(PEER)],
      threads: { [String(PEER)]: { ...thread(chatState(), String(PEER)), messages: [reply] } },
    });
    const gone = frame('updateUser', { id: PEER, realname: '', displayName: '', avatar: '', motto: '' });
    const { state } = applyFrame(start, gone, {
      clientId: 'x',
      isMobile: false,
      multipleLogin: true,
      friendsOnly: true,
    });
    expect(thread(state, String(PEER)).messages[0]!.extends).toMatchObject({ quote: { user_id: PEER, realname: '' } });
  });
});
