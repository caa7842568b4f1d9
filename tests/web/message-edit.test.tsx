// Editing my text message in the app: Edit in the message menu only for my own
// recent text, the composer holding its text under an "Editing" bar that Escape cancels, the save
// posting editMessage; Up arrow in an empty input edits my last message; an updateMessage frame
// changes the bubble, marks it "edited" (in the reader's language), and quotes and the chat list
// preview follow.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { menuActions } from '../../web/src/features/chat/components/thread/message-display-rules';
import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { i18n } from '../../web/src/lib/i18n';
import { chatState, contact, frame, ME, message, PEER, wire } from './chat-factories';
import { openChatPage, type Posted, withChatPage } from './chat-page';

const HOUR = 3600_000;
const DEVICE = { clientId: 'x', isMobile: false, multipleLogin: true, friendsOnly: true };
let posted: Posted[] = [];
const openChat = (messages: ReturnType<typeof wire>[]) => {
  posted = openChatPage(messages);
};

withChatPage();

describe('Edit in the message menu', () => {
  it('is offered for my own recent text only', () => {
    const now = Date.now();
    const ctx = { me: ME, redoSeconds: 120, editSeconds: 48 * 3600, now };
    const mine = message(ME, { sendTime: now - HOUR });
    expect(menuActions(mine, ctx)).toContain('edit');
    expect(menuActions(message(PEER, { sendTime: now - HOUR }), ctx)).not.toContain('edit');
    expect(menuActions(message(ME, { sendTime: now - 49 * HOUR }), ctx)).not.toContain('edit');
    expect(menuActions(message(ME, { extends: { is_forward: 1 } }), ctx)).not.toContain('edit');
    expect(menuActions(message(ME, { type: 'image', content: '/f/1' }), ctx)).not.toContain('edit');
    expect(menuActions(mine, { ...ctx, editSeconds: 0 })).not.toContain('edit');
  });
});

describe('the composer while editing', () => {
  it('holds the text under an Editing bar, saves it with editMessage, and Escape cancels', async () => {
    const mine = message(ME, { content: 'See you at 5', sendTime: Date.now() - 60_000 });
    openChat([wire(mine)]);
    fireEvent.contextMenu(await screen.findByText('See you at 5'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
    const box = (await screen.findByRole('textbox', { name: /message/i })) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('See you at 5'));
    expect(screen.getAllByRole('status').some((s) => s.textContent?.startsWith('Editing'))).toBe(true);
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByRole('button', { name: 'Cancel editing' })).toBeNull();

    // Up arrow in the empty input (a keyboard) edits my last message.
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('fine'),
      addEventListener() {},
      removeEventListener() {},
    }));
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await waitFor(() => expect(box.value).toBe('See you at 5'));
    fireEvent.change(box, { target: { value: 'See you at 6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posted.filter((p) => p.url === '/enterprise/im/editMessage').map((p) => p.body)).toEqual([
        { toContactId: String(PEER), msg_id: mine.msg_id, content: 'See you at 6' },
      ]),
    );
    expect(posted.filter((p) => p.url === '/enterprise/im/sendMessage')).toEqual([]);
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('shows the edited text live, marked edited in the reader’s language', async () => {
    const theirs = message(PEER, { content: 'Meet at 5' });
    openChat([wire(theirs)]);
    await screen.findByText('Meet at 5');
    await act(() => i18n.changeLanguage('vi'));
    act(() =>
      chatStore.receive(
        frame('updateMessage', {
          id: theirs.id,
          msg_id: theirs.msg_id,
          type: 'text',
          content: 'Meet at 6',
          edited: Date.now(),
          sendTime: theirs.sendTime,
          toContactId: PEER,
        }) as never,
      ),
    );
    const bubble = (await screen.findByText('Meet at 6')).closest('[data-testid="bubble"]')!;
    // The bubble's text stays the message's own; "edited" stands by the time.
    expect(bubble.textContent).toBe('Meet at 6');
    expect(await screen.findByText('đã sửa')).toBeTruthy();
  });
});

describe('an edit whose text was cleared', () => {
  it('keeps its Save, disabled, with the reason it is described by, until text comes back', async () => {
    const mine = message(ME, { content: 'See you at 5', sendTime: Date.now() - 60_000 });
    openChat([wire(mine)]);
    fireEvent.contextMenu(await screen.findByText('See you at 5'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit' }));
    const box = (await screen.findByRole('textbox', { name: /message/i })) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('See you at 5'));
    fireEvent.change(box, { target: { value: '   ' } });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel editing' })).toBeTruthy();
    const reason = document.getElementById(save.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('A message cannot be empty: type some text, or cancel the edit');
    fireEvent.click(save);
    expect(posted.filter((p) => p.url === '/enterprise/im/editMessage')).toEqual([]);
    fireEvent.change(box, { target: { value: 'See you at 6' } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-describedby')).toBeNull();
  });
});

describe('updateMessage in the chat store', () => {
  it('changes the message, the quotes of it, and the preview when it is the last message', () => {
    const original = message(PEER, { content: 'at 5' });
    const reply = message(ME, { content: 'ok', extends: { quote: { msg_id: original.msg_id, content: 'at 5' } } });
    const start = chatState({
      contacts: [contact(PEER, { lastContent: 'ok', lastSendTime: reply.sendTime })],
      threads: { [String(PEER)]: { messages: [original, reply], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const update = (m: typeof original, content: string) =>
      frame('updateMessage', {
        id: m.id,
        msg_id: m.msg_id,
        type: 'text',
        content,
        edited: 1,
        sendTime: m.sendTime,
        toContactId: PEER,
      });
    const s = applyFrame(start, update(original, 'at 6') as never, DEVICE).state;
    const [edited, quoting] = s.threads[String(PEER)]!.messages;
    expect(edited).toMatchObject({ content: 'at 6', extends: { edited: 1 } });
    expect(quoting!.extends?.quote).toMatchObject({ content: 'at 6' });
    expect(s.contacts[0]!.lastContent).toBe('ok');
    const last = applyFrame(s, update(reply, 'okay') as never, DEVICE).state;
    expect(last.contacts[0]!.lastContent).toBe('okay');
  });
});
