// A chat with someone whose account an operator deleted (issue 25 item 4): their messages stay,
// under "Deleted user" in the reader's language, and the composer gives way to a notice saying why
// nobody can reply.
import { act, render, screen } from '@testing-library/react';
import { HashRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '../../web/src/app/router';
import { PATHS } from '../../web/src/config/paths';
import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { ME, message, PEER, summary, wire } from './chat-factories';
import { signIn } from './helpers';

const NAMELESS = { id: PEER, user_id: PEER, realname: '', displayName: '', avatar: '' };

function openChat() {
  const old = message(PEER, { content: 'see you', fromUser: NAMELESS });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/common/pub/wsTicket') throw new TypeError('offline');
      const data =
        url === '/enterprise/im/getContacts'
          ? [summary(PEER, { displayName: i18n.t('chat.deletedUser'), is_deleted: 1 })]
          : url === '/enterprise/im/getMessageList'
            ? [wire(old)]
            : null;
      return new Response(JSON.stringify({ code: 0, msg: '', data }));
    }),
  );
  window.history.pushState(null, '', `#${PATHS.chat}?id=${PEER}`);
  render(
    <HashRouter>
      <AppRoutes />
    </HashRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
  signIn();
  storage.setUserInfo({ ...storage.getUserInfo()!, user_id: ME });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

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
