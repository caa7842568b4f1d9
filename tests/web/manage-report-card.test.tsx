// A report card names the chat the report came from (the group, or the reporter's
// one-to-one chat with the sender) and words what it kept as the chat does: a group's system line
// as a sentence, media by kind, never "[event]" or "[image]".
import 'fake-indexeddb/auto';

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { asRole } from './console-fakes';
import { renderApp } from './helpers';

const line = (msg_id: number, name: string, type: string, content: string, extra: Record<string, unknown> = {}) => ({
  msg_id,
  from: { id: msg_id, name },
  type,
  content,
  sendTime: 1,
  reported: false,
  ...extra,
});
const report = (patch: Record<string, unknown>) => ({
  id: 5,
  reporter_name: 'Cat',
  sender_id: 9,
  sender_name: 'Bob',
  reason: 'harassment',
  note: '',
  status: 0,
  create_time: 1_790_000_000,
  ...patch,
});
const GROUP = report({
  id: 5,
  conversation: 'group-7',
  group_name: 'Garden club',
  context: [
    line(1, 'Ann', 'event', '', { system: { kind: 'created', actor: { id: 1, name: 'Ann' }, targets: [] } }),
    line(2, 'Ann', 'event', ''),
    line(3, 'Ann', 'image', 'https://files/x.png'),
    { ...line(4, 'Bob', 'text', 'rude words'), reported: true },
  ],
});
const DIRECT = report({ id: 6, conversation: '9-12', group_name: '', context: [line(7, 'Bob', 'text', 'again')] });

function showReports() {
  asRole(2, {
    '/manage/report/index': () => new Response(JSON.stringify({ code: 0, msg: '', data: [GROUP, DIRECT], count: 2 })),
  });
  renderApp('/manage/reports');
}

describe('a report card', () => {
  it('names the group or the pair it came from and words system lines and media, never "[event]"', async () => {
    showReports();
    await screen.findAllByText('Cat reported Bob');
    const list = screen.getByRole('list', { name: 'Reports' });
    const [group, direct] = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(group!.textContent).toContain('In the group “Garden club”');
    expect(group!.textContent).toContain('Ann created the group');
    expect(group!.textContent).toContain('The group was updated');
    expect(group!.textContent).toContain('Ann: [Image]');
    expect(group!.textContent).not.toMatch(/\[event\]|\[image\]/);
    expect(direct!.textContent).toContain('In the chat between Cat and Bob');
  });

  it('speaks Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    showReports();
    expect(await screen.findByText(/Trong nhóm “Garden club”/)).toBeTruthy();
    expect(screen.getByText(/Trong cuộc trò chuyện giữa Cat và Bob/)).toBeTruthy();
  });
});
