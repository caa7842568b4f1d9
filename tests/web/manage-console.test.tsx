// The operator console's screens: offered on Mine to operators only; the users list
// searches and pages, disables and deletes after a confirmation and shows the server's refusal; only a super
// admin gets the role control; settings send only what changed; the texts follow the language.
import 'fake-indexeddb/auto';

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { asRole, bodiesOf, type Body, managed } from './console-fakes';
import { renderApp } from './helpers';

describe('the console on the Mine page', () => {
  it('offers the Console row to an admin and a super admin', async () => {
    for (const role of [1, 2]) {
      asRole(role);
      const router = renderApp('/pages/mine/index');
      await userEvent.setup().click(await screen.findByRole('link', { name: 'Console' }));
      await waitFor(() => expect(router.location.pathname).toBe('/manage'));
      expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
      cleanup();
    }
  });

  it('does not offer it to an ordinary user', async () => {
    asRole(0);
    renderApp('/pages/mine/index');
    await screen.findByRole('link', { name: 'Settings' });
    expect(screen.queryByRole('link', { name: 'Console' })).toBeNull();
  });
});

describe('the users screen', () => {
  const people = [managed(11, 'Bob'), managed(12, 'Carol', { status: 0 })];
  const listing = (body: Body) =>
    new Response(
      JSON.stringify({
        code: 0,
        msg: '',
        data: body.keywords ? people.filter((p) => p.realname.toLowerCase().includes(String(body.keywords))) : people,
        count: body.keywords ? 1 : 45,
        page: body.page,
      }),
    );

  it('searches once typing pauses and pages through the users', async () => {
    const fetchMock = asRole(2, { '/manage/user/index': listing });
    renderApp('/manage/users');
    const user = userEvent.setup();
    expect(await screen.findByText('Carol')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3 · 45 items')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/manage/user/index').at(-1)).toMatchObject({ page: 2 }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by account or name' }), 'bob');
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/user/index').at(-1)).toMatchObject({ keywords: 'bob', page: 1 }),
    );
    await waitFor(() => expect(screen.queryByText('Carol')).toBeNull());
    // Typing is not a request per key: the pause sends the words once.
    expect(bodiesOf(fetchMock, '/manage/user/index').filter((b) => b.keywords === 'b')).toEqual([]);
  });

  it('disables a user after a confirmation, through setStatus', async () => {
    const fetchMock = asRole(2, {
      '/manage/user/index': listing,
      '/manage/user/setStatus': (body) => managed(Number(body.user_id), 'Bob', { status: 0 }),
    });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable Bob' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Disable Bob?');
    expect(bodiesOf(fetchMock, '/manage/user/setStatus')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/manage/user/setStatus')).toEqual([{ user_id: 11, status: 0 }]));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Disabled');
  });

  it('deletes a user after a confirmation that says their messages stay, through del', async () => {
    const fetchMock = asRole(2, { '/manage/user/index': listing, '/manage/user/del': () => null });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Bob' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Their messages stay, shown as "Deleted user"');
    expect(bodiesOf(fetchMock, '/manage/user/del')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/manage/user/del')).toEqual([{ user_id: 11 }]));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Deleted');
  });

  it("shows the server's refusal as it says it", async () => {
    asRole(1, {
      '/manage/user/index': listing,
      '/manage/user/setStatus': () =>
        new Response(JSON.stringify({ code: 400, msg: 'Demo mode does not allow this change', data: null })),
    });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Enable Carol' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect((await screen.findByRole('status')).textContent).toBe('Demo mode does not allow this change');
  });

  it('gives the role control to a super admin only', async () => {
    asRole(2, { '/manage/user/index': listing });
    renderApp('/manage/users');
    await screen.findByText('Bob');
    expect(screen.queryByRole('combobox', { name: 'Role of Bob' })).toBeNull();
    cleanup();

    const fetchMock = asRole(1, {
      '/manage/user/index': listing,
      '/manage/user/setRole': (body) => managed(11, 'Bob', { role: body.role }),
    });
    renderApp('/manage/users');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Bob' }), 'Admin');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/manage/user/setRole')).toEqual([{ user_id: 11, role: 2 }]));
  });
});

describe('the groups screen', () => {
  it('adds people found by account or name to a group, leaving out those already in it', async () => {
    const people = [managed(31, 'Dan Brown'), managed(32, 'Dana White'), managed(33, 'Danh Le')];
    const fetchMock = asRole(2, {
      '/manage/group/index': () => [
        { group_id: 7, name: 'Readers', owner_id: 31, owner_name: 'Dan Brown', members: 2 },
      ],
      '/manage/group/users': () => [
        { user_id: 31, role: 1, account: 'user31', realname: 'Dan Brown' },
        { user_id: 40, role: 3, account: 'user40', realname: 'Eve' },
      ],
      '/manage/user/index': (body) => people.filter((p) => p.realname.includes(String(body.keywords))),
      '/manage/group/addGroupUser': () => null,
    });
    renderApp('/manage/groups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Members of Readers' }));
    const picker = await screen.findByRole('group', { name: /Add people/ });
    await user.type(within(picker).getByRole('searchbox'), 'Dan');
    const matches = await within(picker).findByRole('list', { name: 'Matching people' });
    // The owner is already in the group: listed, not offered.
    expect((within(matches).getByRole('button', { name: /Dan Brown/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodiesOf(fetchMock, '/manage/user/index').at(-1)).toMatchObject({ keywords: 'Dan', status: 1 });
    await user.click(within(matches).getByRole('button', { name: /Dana White/ }));
    await user.click(within(matches).getByRole('button', { name: /Danh Le/ }));
    await user.click(within(picker).getByRole('button', { name: 'Take Danh Le off the list' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Add 1 person to the group?');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/group/addGroupUser')).toEqual([{ id: 'group-7', user_ids: [32] }]),
    );
  });
});

describe('the settings screen', () => {
  const config = {
    sysInfo: { name: 'Parley', state: '1', regtype: '1', regauth: '0', runMode: '1', registerInterval: '0' },
    chatInfo: { online: '1', webrtc: '1', groupUserMax: '500' },
    fileUpload: { size: '50', fileExt: ['jpg', 'png'] },
  };

  it('saves a section with only the keys that changed', async () => {
    const fetchMock = asRole(1, {
      '/manage/config/getAllConfig': () => config,
      '/manage/config/setConfig': () => null,
    });
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /Site name/ });
    await user.clear(name);
    await user.type(name, 'Acme chat');
    await user.click(screen.getByRole('switch', { name: 'Several devices at once' }));
    const site = screen.getByRole('form', { name: 'Site and registration' });
    await user.click(within(site).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig')).toEqual([
        { name: 'sysInfo', value: { name: 'Acme chat', multipleLogin: '1' } },
      ]),
    );

    const files = screen.getByRole('form', { name: 'Files' });
    const types = within(files).getByRole('textbox', { name: /Allowed file types/ });
    await user.type(types, ', PDF');
    await user.click(within(files).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, '/manage/config/setConfig').at(-1)).toEqual({
        name: 'fileUpload',
        value: { fileExt: ['jpg', 'png', 'pdf'] },
      }),
    );
  });

  it('lets an admin read the settings but not save them', async () => {
    asRole(2, { '/manage/config/getAllConfig': () => config });
    renderApp('/manage/settings');
    expect(await screen.findByText(/Only a super admin can change settings/)).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: /Site name/ })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the console in three languages', () => {
  const overview = () => ({ users: 3, disabled: 1, groups: 2, files: 4, storage: 3 * 1024 * 1024, online: 1 });

  it('names its sections and counts in Vietnamese, English and Chinese', async () => {
    asRole(1, { '/manage/index/index': overview });
    renderApp('/manage');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(await screen.findByText('3 MB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByRole('heading', { name: 'Tổng quan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nhật ký quản trị' })).toBeTruthy();
    expect(screen.getByText('Đang trực tuyến')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('heading', { name: '概览' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '操作日志' })).toBeTruthy();
    expect(screen.getByText('当前在线')).toBeTruthy();
  });
});

describe("the overview's messages per day", () => {
  // 30 UTC days ending 2026-11-28: 7 messages on the last day, 12 on the one before, none otherwise.
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
    messages: i === 29 ? 7 : i === 28 ? 12 : 0,
  }));
  const overview = () => ({ users: 3, disabled: 0, groups: 1, files: 0, storage: 0, online: 1, messages: 19, days });

  it('draws a bar for each of the 30 days, labels the busiest, and gives the numbers as a table', async () => {
    asRole(1, { '/manage/index/index': overview });
    renderApp('/manage');
    const chart = await screen.findByRole('region', { name: 'Messages per day' });
    expect(
      within(chart).getByText('Last 30 days (Oct 30 – Nov 28, UTC): 19 messages, at most 12 in a day.'),
    ).toBeTruthy();
    expect(within(chart).getByTitle('Nov 28: 7 messages')).toBeTruthy();
    expect(within(chart).getByTitle('Nov 27: 12 messages')).toBeTruthy();
    expect(within(chart).getByTitle('Oct 30: 0 messages')).toBeTruthy();
    expect(within(chart).getByTitle('The busiest day').textContent).toBe('12');
    const table = within(chart).getByRole('table', { name: 'Messages per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows.at(-1)!.textContent).toBe('Nov 287');
    expect(within(table).getByRole('rowheader', { name: 'Nov 27' }).nextSibling?.textContent).toBe('12');
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByRole('region', { name: '每日消息' })).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
