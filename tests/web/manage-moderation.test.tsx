// The console's reports and announcements: a report shows who reported whom
// and why, the reported message among what the reporter saw, and its decisions ask first and post
// the decision; announcements are published by a super admin (an admin only reads them).
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { asRole, bodiesOf } from './console-fakes';
import { renderApp } from './helpers';

const line = (msg_id: number, name: string, content: string, reported = false) => ({
  msg_id,
  from: { id: msg_id, name },
  type: 'text',
  content,
  sendTime: 1,
  reported,
});
const REPORT = {
  id: 5,
  reporter_name: 'Cat',
  sender_id: 9,
  sender_name: 'Bob',
  reason: 'harassment',
  note: 'again',
  context: [line(1, 'Ann', 'hello'), line(2, 'Bob', 'something nasty', true), line(3, 'Ann', 'stop')],
  status: 0,
  create_time: 1_790_000_000,
};

describe('the console’s reports', () => {
  it('shows the report with what the reporter saw, and removes the message after asking', async () => {
    const api = asRole(2, {
      '/manage/report/index': () => new Response(JSON.stringify({ code: 0, msg: '', data: [REPORT], count: 1 })),
      '/manage/report/hide': () => null,
    });
    renderApp('/manage/reports');
    const report = await screen.findByText('Cat reported Bob');
    const card = report.closest('li')!;
    expect(within(card).getByText('Harassment or bullying')).toBeTruthy();
    expect(within(card).getByText('something nasty').closest('li')!.className).toContain('bg-amber-100');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Remove the message' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(api, '/manage/report/hide')).toEqual([{ id: 5 }]));
  });
});

describe('the console’s announcements', () => {
  it('lets a super admin publish one', async () => {
    const api = asRole(1, {
      '/manage/index/noticeList': () => new Response(JSON.stringify({ code: 0, msg: '', data: [], count: 0 })),
      '/manage/index/publishNotice': () => null,
    });
    renderApp('/manage/announcements');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    await user.type(screen.getByLabelText('Title (1–100 characters)'), 'Maintenance');
    await user.type(screen.getByLabelText('Text (up to 5000 characters)'), 'Sunday night');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(bodiesOf(api, '/manage/index/publishNotice')).toEqual([{ title: 'Maintenance', content: 'Sunday night' }]),
    );
  });

  it('shows an admin the list without the controls', async () => {
    const notice = { id: 1, title: 'Welcome', content: 'Hi all', create_time: 1, update_time: 1 };
    asRole(2, {
      '/manage/index/noticeList': () => new Response(JSON.stringify({ code: 0, msg: '', data: [notice], count: 1 })),
    });
    renderApp('/manage/announcements');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New announcement' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
