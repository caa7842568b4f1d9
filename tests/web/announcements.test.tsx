// Announcements in the app: Mine lists them, newest first, in the user's language;
// a live `announcement` frame says a new one arrived and an open list reads them again (a deleted
// one goes); a new one leaves a dot on Mine's row and the Me tab until the page is opened; in
// Vietnamese announcements (thông báo chung) and notifications (thông báo) are different words.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { session } from '../../web/src/app/signed-in-session';
import { PATHS } from '../../web/src/config/paths';
import { announcementsRead } from '../../web/src/features/announcements/store';
import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import viText from '../../web/src/locales/vi/translation.json';
import serverVi from '../../worker/locales/vi.json';
import { envelope, ME, openApp, push, serve, socket } from './friends-fakes';

afterEach(async () => {
  session.stop();
  announcementsRead();
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
    expect(await screen.findByText('Chưa có thông báo chung nào.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Thông báo chung' })).toBeTruthy();
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
    // Three reads of the list (the connection's own check for unseen ones asks for one item).
    expect(api.callsTo('/enterprise/im/announcements').filter((b) => b.limit !== 1).length).toBe(3);
  });
});

describe('a new announcement', () => {
  const meTab = () => screen.getByRole('link', { name: 'Me' });

  it('leaves a dot on Mine’s row and the Me tab until the announcements page is opened', async () => {
    serve({ '/enterprise/im/announcements': () => envelope({ data: [notice(3, 'Upgrade')], count: 1, page: 1 }) });
    openApp(PATHS.mine);
    const row = await screen.findByRole('link', { name: 'Announcements' });
    expect(meTab().getAttribute('aria-describedby')).toBeNull();
    const ws = await socket();
    // A change or a deletion tells nothing new: no dot.
    push(ws, 'announcement', { ...notice(1, 'Welcome'), update_time: 1_790_000_100 });
    push(ws, 'announcement', notice(1, 'Welcome', 0));
    push(ws, 'announcement', notice(3, 'Upgrade'));
    expect(await screen.findByRole('link', { name: /^Announcements\s*New announcement$/ })).toBe(row);
    expect(screen.getByTestId('announcements-dot')).toBeTruthy();
    expect(meTab()).toBe(screen.getByRole('link', { name: 'Me', description: 'New announcement' }));
    // Still there a while later (not a toast's three seconds)…
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('announcements-dot')).toBeTruthy();
    // …until the page is opened.
    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.queryByTestId('announcements-dot')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Announcements' })).toBeTruthy();
    expect(meTab().getAttribute('aria-describedby')).toBeNull();
  });
});

describe('the dot across reloads', () => {
  const dot = () => screen.queryByTestId('announcements-dot');
  /** A reload: the signed-in app gone (session and screen), then opened again on Mine. */
  async function reload() {
    session.stop();
    cleanup();
    openApp(PATHS.mine);
    await screen.findByRole('link', { name: /^Announcements/ });
    await socket();
  }

  it('stays after a reload until the page is opened, then stays gone', async () => {
    let list = [notice(1, 'Welcome')];
    serve({ '/enterprise/im/announcements': () => envelope({ data: list, count: list.length, page: 1 }) });
    openApp(PATHS.mine);
    const ws = await socket();
    // The first visit in this browser takes what is there as seen.
    await waitFor(() => expect(storage.getAnnouncementSeen(ME)).toBe(1));
    expect(dot()).toBeNull();
    list = [notice(2, 'Maintenance'), ...list];
    push(ws, 'announcement', notice(2, 'Maintenance'));
    expect(await screen.findByTestId('announcements-dot')).toBeTruthy();
    await reload();
    expect(await screen.findByTestId('announcements-dot')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /^Announcements/ }));
    expect(await screen.findByRole('heading', { name: 'Maintenance' })).toBeTruthy();
    await waitFor(() => expect(storage.getAnnouncementSeen(ME)).toBe(2));
    await reload();
    await waitFor(() => expect(storage.getAnnouncementSeen(ME)).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(dot()).toBeNull();
  });

  it('shows for one published while the app was closed, and not for another user of this browser', async () => {
    storage.setAnnouncementSeen(ME, 4);
    storage.setAnnouncementSeen(ME + 1, 5);
    serve({ '/enterprise/im/announcements': () => envelope({ data: [notice(5, 'Holiday')], count: 1, page: 1 }) });
    openApp(PATHS.mine);
    await socket();
    expect(await screen.findByTestId('announcements-dot')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Me', description: 'New announcement' })).toBeTruthy();
  });
});

describe('the Vietnamese words', () => {
  it('call announcements “thông báo chung” and leave “thông báo” to notifications', () => {
    expect(viText.route.announcements).toBe('Thông báo chung');
    expect(viText.setting.notifications).toBe('Thông báo');
    const announcementLines = [
      ...Object.values(viText.announcements),
      viText.manage.nav.announcements,
      ...Object.values(viText.manage.notices),
      serverVi['manage.noticeTitle'],
      serverVi['manage.noticeContent'],
      serverVi['manage.noticeGone'],
    ];
    const naming = announcementLines.filter((line) => /thông báo/i.test(line));
    expect(naming.length).toBeGreaterThan(5);
    expect(naming.filter((line) => !/thông báo chung/i.test(line))).toEqual([]);
  });
});
