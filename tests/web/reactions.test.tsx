// Reactions in the app: the message menu's quick row sends reactMessage; chips
// under a bubble show each emoji's count, mine pressed, and a tap toggles mine; a `reaction` frame
// replaces the chips; who reacted is said by name; the words in English and Vietnamese.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { applyFrame } from '../../web/src/features/chat/state/apply-frame';
import { chatStore } from '../../web/src/features/chat/state/chat-store';
import { i18n } from '../../web/src/lib/i18n';
import vi from '../../web/src/locales/vi/translation.json';
import zhCN from '../../web/src/locales/zh-CN/translation.json';
import serverVi from '../../worker/locales/vi.json';
import { chatState, contact, frame, ME, message, PEER, recall, wire } from './chat-factories';
import { openChatPage, withChatPage } from './chat-page';
import { asRole, bodiesOf } from './console-fakes';
import { renderApp } from './helpers';

const DEVICE = { clientId: 'x', isMobile: false, multipleLogin: true, friendsOnly: true };
withChatPage();

describe('reacting from the message menu', () => {
  it('sends the picked emoji for that message', async () => {
    const theirs = message(PEER, { content: 'Lunch?' });
    const posted = openChatPage([wire(theirs)]);
    fireEvent.contextMenu(await screen.findByText('Lunch?'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'React with 👍' }));
    await waitFor(() =>
      expect(posted.filter((p) => p.url === '/enterprise/im/reactMessage').map((p) => p.body)).toEqual([
        { toContactId: String(PEER), msg_id: theirs.msg_id, emoji: '👍' },
      ]),
    );
  });
});

describe('any emoji from the picker', () => {
  it('opens from the menu’s More and reacts with the emoji picked there', async () => {
    const theirs = message(PEER, { content: 'Lunch?' });
    const posted = openChatPage([wire(theirs)]);
    fireEvent.contextMenu(await screen.findByText('Lunch?'));
    fireEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'More reactions' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose a reaction' });
    expect(within(picker).queryByRole('button', { name: 'Backspace' })).toBeNull();
    expect(document.activeElement).toBe(within(picker).getByRole('searchbox', { name: 'Search emoji' }));
    fireEvent.change(within(picker).getByRole('searchbox', { name: 'Search emoji' }), { target: { value: 'pizza' } });
    const results = await within(picker).findByRole('group', { name: 'Search results' });
    fireEvent.click(within(results).getByText('🍕'));
    await waitFor(() =>
      expect(posted.filter((p) => p.url === '/enterprise/im/reactMessage').map((p) => p.body)).toEqual([
        { toContactId: String(PEER), msg_id: theirs.msg_id, emoji: '🍕' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a reaction' })).toBeNull());
  });
});

describe('the polite announcement', () => {
  const react = (msgId: number, reactions: { emoji: string; user_ids: number[] }[]) =>
    act(() => chatStore.receive(frame('reaction', { toContactId: PEER, msg_id: msgId, reactions }) as never));

  it('says who reacted and who took one back, by name, in English and Chinese', async () => {
    const mine = message(ME, { content: 'Lunch?' });
    openChatPage([wire(mine)]);
    await screen.findByText('Lunch?');
    const status = () => screen.getAllByRole('status').map((s) => s.textContent);
    react(mine.msg_id, [{ emoji: '😂', user_ids: [PEER] }]);
    await waitFor(() => expect(status()).toContain(`${chatStore.contact(String(PEER))!.displayName} reacted 😂`));
    react(mine.msg_id, [
      { emoji: '😂', user_ids: [PEER] },
      { emoji: '👍', user_ids: [ME] },
    ]);
    await waitFor(() => expect(status()).toContain('You reacted 👍'));
    await act(() => i18n.changeLanguage('zh-CN'));
    react(mine.msg_id, [{ emoji: '😂', user_ids: [PEER] }]);
    await waitFor(() => expect(status()).toContain('你取消了回应 👍'));
  });
});

describe('the chips under a bubble', () => {
  it('count each emoji, mark mine, toggle mine on a tap, and follow the reaction frame', async () => {
    const theirs = message(PEER, {
      content: 'Lunch?',
      reactions: [
        { emoji: '👍', user_ids: [PEER, ME] },
        { emoji: '😂', user_ids: [PEER] },
      ],
    });
    const posted = openChatPage([wire(theirs)]);
    const mine = await screen.findByRole('button', { name: '👍 2, including you' });
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '😂 1' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mine);
    await waitFor(() =>
      expect(posted.filter((p) => p.url === '/enterprise/im/reactMessage').map((p) => p.body)).toEqual([
        { toContactId: String(PEER), msg_id: theirs.msg_id, emoji: '👍' },
      ]),
    );
    act(() =>
      chatStore.receive(
        frame('reaction', {
          toContactId: PEER,
          msg_id: theirs.msg_id,
          reactions: [{ emoji: '😂', user_ids: [PEER] }],
        }) as never,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^👍/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Who reacted' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('😂');
  });

  it('are worded in Vietnamese', async () => {
    await act(() => i18n.changeLanguage('vi'));
    openChatPage([wire(message(PEER, { content: 'Ăn trưa?', reactions: [{ emoji: '❤️', user_ids: [ME] }] }))]);
    expect(await screen.findByRole('button', { name: '❤️ 1, có bạn' })).toBeTruthy();
  });
});

describe('who reacted', () => {
  const twoChips = () =>
    message(PEER, {
      content: 'Lunch?',
      reactions: [
        { emoji: '👍', user_ids: [PEER, ME] },
        { emoji: '😂', user_ids: [PEER] },
      ],
    });

  it('is listed one emoji a line under a title', async () => {
    openChatPage([wire(twoChips())]);
    await screen.findByRole('button', { name: '👍 2, including you' });
    const peer = chatStore.contact(String(PEER))!.displayName;
    fireEvent.click(screen.getByRole('button', { name: 'Who reacted' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Who reacted' });
    const list = document.getElementById(dialog.getAttribute('aria-describedby') ?? '')!;
    expect(list.textContent!.split('\n')).toEqual([`👍 ${peer}, You`, `😂 ${peer}`]);
    expect(list.className).toContain('whitespace-pre-line');
  });

  it('describes each chip, shown on a desktop as a tooltip when the chip is hovered or focused', async () => {
    openChatPage([wire(twoChips())]);
    await screen.findByRole('button', { name: '👍 2, including you' });
    const peer = chatStore.contact(String(PEER))!.displayName;
    const chip = screen.getByRole('button', { name: '👍 2, including you', description: `${peer}, You` });
    expect(screen.getByRole('button', { name: '😂 1', description: peer })).toBeTruthy();
    const tip = document.getElementById(chip.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    // jsdom has no layout: the classes that show it at 1024 px and up, on hover (Tailwind's hover asks for a pointer that hovers) or focus.
    expect(tip.className.split(' ')).toEqual(
      expect.arrayContaining(['hidden', 'lg:group-hover:block', 'lg:group-focus-within:block']),
    );
    // Escape dismisses it until the pointer or the focus leaves the chip.
    fireEvent.keyDown(chip, { key: 'Escape' });
    expect(tip.className).not.toContain('group-hover:block');
    fireEvent.blur(chip);
    expect(tip.className).toContain('lg:group-hover:block');
  });
});

describe('the reaction frame in the chat store', () => {
  it('replaces the message’s reactions and leaves the others', () => {
    const [one, two] = [message(PEER), message(ME)];
    const start = chatState({
      contacts: [contact(PEER)],
      threads: { [String(PEER)]: { messages: [one, two], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const s = applyFrame(
      start,
      frame('reaction', {
        toContactId: PEER,
        msg_id: one.msg_id,
        reactions: [{ emoji: '🙏', user_ids: [ME] }],
      }) as never,
      DEVICE,
    ).state;
    const [a, b] = s.threads[String(PEER)]!.messages;
    expect(a!.reactions).toEqual([{ emoji: '🙏', user_ids: [ME] }]);
    expect(b).toBe(two);
  });

  it('drops a message’s reactions when it is recalled', () => {
    const liked = message(PEER, { reactions: [{ emoji: '👍', user_ids: [ME] }] });
    const start = chatState({
      contacts: [contact(PEER)],
      threads: { [String(PEER)]: { messages: [liked], hasMore: false, loaded: true, peerReadSeq: 0 } },
    });
    const s = applyFrame(start, frame('undoMessage', recall(liked, PEER)) as never, DEVICE).state;
    expect(s.threads[String(PEER)]!.messages[0]).toMatchObject({ is_undo: 1 });
    expect(s.threads[String(PEER)]!.messages[0]!.reactions).toBeUndefined();
  });
});

describe('the limit in the console’s settings', () => {
  it('shows chatInfo.reactionMax with its help and saves it', async () => {
    const fetchMock = asRole(1, {
      '/manage/config/getAllConfig': () => ({ chatInfo: { reactionMax: '20' } }),
      '/manage/config/setConfig': () => null,
    });
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: /Different reactions per message/ });
    expect(screen.getByText(/How many different emoji one message can carry/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, '5');
    const form = field.closest('form')!;
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
        { name: 'chatInfo', value: { reactionMax: '5' } },
      ]),
    );
  });
});

describe('the words for a reaction', () => {
  it('are one Vietnamese word, cảm xúc, on every screen and in the server’s refusals, and never 撤回 (recall) in Chinese', () => {
    const lines = [...JSON.stringify(vi).split('","'), ...Object.values(serverVi)];
    expect(lines.filter((line) => /biểu cảm/i.test(line))).toEqual([]);
    expect(serverVi['im.reactionLimit']).toContain('cảm xúc');
    expect(Object.values(vi.chat.reaction.news).every((line) => line.includes('cảm xúc'))).toBe(true);
    expect(JSON.stringify(zhCN.chat.reaction)).not.toContain('撤回');
  });
});
