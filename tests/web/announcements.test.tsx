// Announcements in the app (issue 25 item 8): Mine lists them, newest first, in the user's language;
// a live `announcement` frame says a new one arrived and an open list reads them again (a deleted
// one goes).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { i18n } from '../../web/src/lib/i18n';
import { envelope, openApp, push, serve, socket } from './friends-fakes';

afterEach(async () => {
  session.stop();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const notice = (id: number, title: string, status = 1) => ({
  id,
  title,
  content: `${title} — details`,
  status,
  create_time: 1_790_000_000 + id,
  update_time: 1_790_000_000 + id,
});

describe('announcements', () => {
  it('are listed from Mine, newest first, with an empty state in each language', async () => {
    serve({ '/enterprise/im/announcements': () => envelope({ data: [], count: 0, page: 1 }) });
    openApp(PATHS.announcements);
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
    await act(() => i18n.changeLanguage('vi'));
    expect(await screen.findByText('Chưa có thông báo nào.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Thông báo' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(await screen.findByText('还没有公告。')).toBeTruthy();
  });

  it('tells of a new one live and reads the list again; a deleted one goes', async () => {
    let list = [notice(1, 'Welcome')];
    const api = serve({ '/enterprise/im/announcements': () => envelope({ data: list, count: list.length, page: 1 }) });
    openApp(PATHS.announcements);
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    const ws = await socket();
    list = [notice(2, 'Maintenance'), ...list];
    push(ws, 'announcement', notice(2, 'Maintenance'));
    expect(await screen.findByText('New announcement: Maintenance')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Maintenance' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Maintenance')).toBeLessThan(headings.indexOf('Welcome'));
    list = [notice(2, 'Maintenance')];
    push(ws, 'announcement', notice(1, 'Welcome', 0));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull());
    expect(api.callsTo('/enterprise/im/announcements').length).toBe(3);
  });
});
