// The long-press menu offers Recall only on own messages still inside the recall window.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { menuActions } from '../../web/src/features/chat/components/thread/message-display-rules';
import {
  closeMessageMenu,
  MessageMenuHost,
  showMessageMenu,
} from '../../web/src/features/chat/components/thread/message-menu';
import { MessageRow } from '../../web/src/features/chat/components/thread/message-row';
import type { ChatMessage } from '../../web/src/features/chat/types';
import { ME, message, PEER } from './chat-factories';

const REDO_SECONDS = 120;

/** Right-clicks the bubble with the real row and menu wired as the chat screen wires them. */
function openMenu(message: ChatMessage): void {
  const onMenu = (m: ChatMessage, target: HTMLElement) =>
    showMessageMenu({
      message: m,
      actions: menuActions(m, { me: ME, redoSeconds: REDO_SECONDS, now: Date.now() }),
      rect: target.getBoundingClientRect(),
    });
  render(
    <>
      <MessageRow
        message={message}
        mine={message.fromUser.id === ME}
        isGroup={false}
        read={false}
        recallDraft={null}
        onMenu={onMenu}
        onFailedTap={vi.fn()}
        onReedit={vi.fn()}
      />
      <MessageMenuHost onAction={vi.fn()} />
    </>,
  );
  fireEvent.contextMenu(screen.getByTestId('bubble'));
}

async function menuItems(message: ChatMessage): Promise<string[]> {
  openMenu(message);
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

describe('message long-press menu', () => {
  afterEach(() => closeMessageMenu());

  it('offers Recall on my own message sent a minute ago', async () => {
    expect(await menuItems(message(ME, { sendTime: Date.now() - 60_000 }))).toEqual([
      'Copy',
      'Quote',
      'Forward',
      'Recall',
    ]);
  });

  it('does not offer Recall once the recall window has passed', async () => {
    expect(await menuItems(message(ME, { sendTime: Date.now() - (REDO_SECONDS + 5) * 1000 }))).toEqual([
      'Copy',
      'Quote',
      'Forward',
    ]);
  });

  it('never offers Recall on someone else’s message, and offers Report there only', async () => {
    expect(await menuItems(message(PEER, { sendTime: Date.now() }))).toEqual(['Copy', 'Quote', 'Forward', 'Report']);
  });

  it('offers no Forward for voice and no Recall when the server disables recall', () => {
    const voice = message(ME, { type: 'voice', content: '/file/1', sendTime: Date.now() });
    expect(menuActions(voice, { me: ME, redoSeconds: REDO_SECONDS, now: Date.now() })).toEqual(['quote', 'recall']);
    expect(menuActions(message(ME), { me: ME, redoSeconds: 0, now: Date.now() })).not.toContain('recall');
  });

  it('offers only Copy on a message still being sent, and nothing on a recalled one', () => {
    expect(
      menuActions(message(ME, { status: 'going' }), { me: ME, redoSeconds: REDO_SECONDS, now: Date.now() }),
    ).toEqual(['copy']);
    expect(menuActions(message(ME, { is_undo: 1 }), { me: ME, redoSeconds: REDO_SECONDS, now: Date.now() })).toEqual(
      [],
    );
  });
});

describe('quote block', () => {
  it("shows the quoted text, or the placeholder of what was quoted in the reader's language", () => {
    const reply = (quote: Record<string, unknown>) =>
      message(PEER, { type: 'text', content: 'reply', extends: { quote } });
    const { unmount } = render(
      <MessageRow
        message={reply({ msg_id: 3, user_id: 2, realname: 'Lan', type: 'text', content: 'see you at eight' })}
        mine={false}
        isGroup={false}
        read={false}
        recallDraft={null}
        onMenu={vi.fn()}
        onFailedTap={vi.fn()}
        onReedit={vi.fn()}
      />,
    );
    expect(screen.getByText('Lan: see you at eight')).toBeTruthy();
    unmount();
    render(
      <MessageRow
        message={reply({ msg_id: 4, user_id: 2, realname: 'Lan', type: 'image', content: '' })}
        mine={false}
        isGroup={false}
        read={false}
        recallDraft={null}
        onMenu={vi.fn()}
        onFailedTap={vi.fn()}
        onReedit={vi.fn()}
      />,
    );
    expect(screen.getByText('Lan: [Image]')).toBeTruthy();
  });
});
