// The console's defects a walk found: the demo's shared operator reads a console that says
// it is read-only at the top (three languages) with every change disabled, as the server refuses
// them; its form dialogs are a box around the form that keeps the focus inside and gives
// it back to the button that opened it, and the overview's screen-reader table is clipped;
// settings show no raw configuration keys, say why a value cannot be saved, and speak plainly.
import 'fake-indexeddb/auto';

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { storage } from '../../web/src/lib/storage';
import { asRole, managed } from './console-fakes';
import { renderApp, systemInfo, USER } from './helpers';

const page = (data: unknown[]) => () =>
  new Response(JSON.stringify({ code: 0, msg: '', data, count: data.length, page: 1 }));

const report = {
  id: 3,
  reason: 'spam',
  note: '',
  status: 0,
  create_time: 1_700_000_000,
  reporter_name: 'Bob',
  sender_id: 12,
  sender_name: 'Carol',
  context: [
    { msg_id: 1, type: 'text', content: 'buy now', sendTime: 1, reported: true, from: { id: 12, name: 'Carol' } },
  ],
};
const invitation = {
  code: 'ABCD1234',
  url: 'http://x/#/register?code=ABCD1234',
  max_uses: 0,
  uses: 0,
  expires_at: 4_000_000_000,
  revoked: 0,
  create_time: 1_700_000_000,
  creator_name: 'Alice',
};
const notice = { id: 5, title: 'Maintenance', content: 'Tonight', create_time: 1_700_000_000, update_time: 0 };
const group = { group_id: 8, name: 'Lobby', owner_uid: 11, owner_name: 'Bob', members: 2, create_time: 1_700_000_000 };

/** The console as the super admin `me` (is_demo 1: a shared demo account) while the demo runs or not. */
function consoleAs(isDemo: number, demoMode: boolean) {
  const me = { ...USER, role: 1, is_demo: isDemo };
  const fetchMock = asRole(1, {
    '/common/pub/getSystemInfo': () => systemInfo({}, demoMode),
    '/enterprise/im/getUserInfo': () => me,
    '/manage/index/index': () => ({
      users: 3,
      disabled: 0,
      groups: 1,
      files: 0,
      storage: 0,
      online: 1,
      messages: 4,
      days: [{ day: '2026-12-01', messages: 4 }],
    }),
    '/manage/user/index': page([managed(11, 'Bob'), managed(12, 'Carol')]),
    '/manage/group/index': page([group]),
    '/manage/group/users': page([
      { user_id: 11, account: 'user11', realname: 'Bob', role: 1 },
      { user_id: 12, account: 'user12', realname: 'Carol', role: 3 },
    ]),
    '/manage/invite/index': page([invitation]),
    '/manage/report/index': page([report]),
    '/manage/index/noticeList': page([notice]),
    '/manage/config/getAllConfig': () => ({
      sysInfo: { name: 'Parley', state: '1', regtype: '1', regauth: '0', runMode: '1' },
      chatInfo: { online: '1', sendInterval: '0' },
      fileUpload: { size: '50', fileExt: ['jpg'] },
    }),
  });
  storage.setUserInfo(me);
  storage.setGlobalConfig(systemInfo({}, demoMode));
  return fetchMock;
}

/** Whether the button named `name` is disabled (the words of a name split across spans may meet without a space). */
const disabled = (name: string) =>
  (screen.getByRole('button', { name: new RegExp(`^${name.split(' ').join('\\s*')}$`) }) as HTMLButtonElement).disabled;

describe("the demo's shared operator (item 3)", () => {
  it('reads a console that says it is read-only at the top, in each language', async () => {
    consoleAs(1, true);
    renderApp('/manage');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Read-only.');
    expect(note.textContent).toContain('nothing can be changed');
    await act(() => i18n.changeLanguage('vi'));
    expect(screen.getByRole('note').textContent).toContain('Chỉ xem.');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(screen.getByRole('note').textContent).toContain('只读');
    await act(() => i18n.changeLanguage('en'));
  });

  it('finds every change disabled, while searching and paging still work', async () => {
    consoleAs(1, true);
    renderApp('/manage/users');
    const user = userEvent.setup();
    await screen.findByText('Carol');
    for (const name of ['New user', 'Edit Bob', 'Reset password of Bob', 'Disable Bob', 'Delete Bob'])
      expect(disabled(name), name).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Role of Bob' }) as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole('searchbox', { name: 'Search by account or name' }) as HTMLInputElement).disabled).toBe(
      false,
    );
    cleanup();

    consoleAs(1, true);
    renderApp('/manage/groups');
    await screen.findByText('Lobby');
    expect(disabled('Dissolve Lobby')).toBe(true);
    expect(disabled('Clear history of Lobby')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Members of Lobby' }));
    await screen.findByText(/user12/);
    for (const name of ['Make group admin Carol', 'Make owner Carol', 'Remove Carol'])
      expect(disabled(name), name).toBe(true);
    cleanup();

    consoleAs(1, true);
    renderApp('/manage/invitations');
    await screen.findAllByText('ABCD1234');
    expect(disabled('New code')).toBe(true);
    expect(disabled('Revoke ABCD1234')).toBe(true);
    expect(disabled('Copy link ABCD1234')).toBe(false);
    cleanup();

    consoleAs(1, true);
    renderApp('/manage/reports');
    await screen.findByText('buy now');
    for (const name of ['Dismiss', 'Remove the message', 'Disable Carol']) expect(disabled(name), name).toBe(true);
    cleanup();

    consoleAs(1, true);
    renderApp('/manage/announcements');
    await screen.findByText('Tonight');
    for (const name of ['New announcement', 'Edit Maintenance', 'Delete Maintenance'])
      expect(disabled(name), name).toBe(true);
    cleanup();

    consoleAs(1, true);
    renderApp('/manage/settings');
    const form = await screen.findByRole('form', { name: 'Chat' });
    expect(within(form).queryByRole('switch')).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect((within(form).getByRole('textbox', { name: /Seconds between messages/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('leaves the console open to a demo account once the demo is over, and to a real operator during it', async () => {
    for (const [isDemo, demoMode] of [
      [1, false],
      [0, true],
    ] as const) {
      consoleAs(isDemo, demoMode);
      renderApp('/manage/users');
      await screen.findByText('Carol');
      expect(screen.queryByRole('note')).toBeNull();
      for (const name of ['New user', 'Edit Bob', 'Disable Bob', 'Delete Bob'])
        expect(disabled(name), name).toBe(false);
      cleanup();
    }
  });
});

describe('the console dialogs and the overview (item 12)', () => {
  it('puts the dialog role on a box around the form, keeps Tab inside and gives the focus back on close', async () => {
    consoleAs(0, false);
    renderApp('/manage/users');
    const user = userEvent.setup();
    await screen.findByText('Carol');
    const opener = screen.getByRole('button', { name: 'Edit Bob' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bob' });
    expect(dialog.tagName).not.toBe('FORM');
    expect(dialog.querySelector('form')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Round the dialog both ways, never out of it.
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement), `tab ${i}`).toBe(true);
    }
    const save = within(dialog).getByRole('button', { name: 'Save' });
    save.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(save);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    const add = screen.getByRole('button', { name: 'New user' });
    await user.click(add);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'New user' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(document.activeElement).toBe(add);
  });

  it('keeps Tab inside a confirmation too, and gives the focus back to the row button that asked', async () => {
    consoleAs(0, false);
    renderApp('/manage/users');
    const user = userEvent.setup();
    await screen.findByText('Carol');
    const opener = screen.getByRole('button', { name: 'Disable Bob' });
    await user.click(opener);
    const confirm = await screen.findByRole('alertdialog');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'OK' }));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(confirm.contains(document.activeElement), `tab ${i}`).toBe(true);
    }
    await user.tab({ shift: true });
    expect(confirm.contains(document.activeElement)).toBe(true);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("clips the chart's screen-reader table in a hidden box (a table ignores sr-only's size and stretched the page)", async () => {
    consoleAs(0, false);
    renderApp('/manage');
    const table = await screen.findByRole('table', { name: 'Messages per day' });
    expect(table.className).not.toContain('sr-only');
    const box = table.closest('.sr-only');
    expect(box?.tagName).toBe('DIV');
  });
});

/** The reason shown in a field's own description. */
const reasonOf = (field: HTMLElement) =>
  within(document.getElementById(field.getAttribute('aria-describedby')!)!).getByRole('alert');

describe('the settings screen (item 16)', () => {
  it('shows no raw configuration keys and says why a value cannot be saved, in each language', async () => {
    consoleAs(0, false);
    renderApp('/manage/settings');
    const user = userEvent.setup();
    const chat = await screen.findByRole('form', { name: 'Chat' });
    expect(document.body.textContent).not.toMatch(/\b(sendInterval|chatInfo|sysInfo|fileUpload)\b/);
    expect(document.querySelector('code')).toBeNull();
    const interval = within(chat).getByRole('textbox', { name: /Seconds between messages/ });
    await user.clear(interval);
    await user.type(interval, '99999');
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    const reason = () => reasonOf(interval);
    expect(reason().textContent).toBe('Enter a whole number from 0 to 3600.');
    expect((within(chat).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => i18n.changeLanguage('vi'));
    expect(reason().textContent).toBe('Nhập số nguyên từ 0 đến 3600.');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(reason().textContent).toBe('请输入 0 到 3600 之间的整数。');
    await act(() => i18n.changeLanguage('en'));

    const site = screen.getByRole('form', { name: 'Site and registration' });
    const name = within(site).getByRole('textbox', { name: /Site name/ });
    await user.clear(name);
    expect(reasonOf(name).textContent).toBe('This cannot be empty.');
    const types = within(screen.getByRole('form', { name: 'Files' })).getByRole('textbox', {
      name: /Allowed file types/,
    });
    await user.type(types, ', not-an-ext');
    expect(reasonOf(types).textContent).toContain('letters and digits');
  });

  it('speaks plainly: no "reference", no "0 of unlimited used"', async () => {
    consoleAs(0, false);
    renderApp('/manage/settings');
    await screen.findByRole('form', { name: 'Chat' });
    for (const lang of ['en', 'vi', 'zh-CN']) {
      await act(() => i18n.changeLanguage(lang));
      expect(document.body.textContent, lang).not.toMatch(/reference|bản gốc|原版客户端/i);
    }
    await act(() => i18n.changeLanguage('en'));
    cleanup();

    consoleAs(0, false);
    renderApp('/manage/invitations');
    const row = (await screen.findAllByText('ABCD1234'))[0]!.closest('li')!;
    expect(row.textContent).toContain('Used 0 times, no limit');
    expect(row.textContent).not.toContain('of unlimited');
    await act(() => i18n.changeLanguage('vi'));
    expect(row.textContent).toContain('Đã dùng 0 lần, không giới hạn');
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(row.textContent).toContain('已使用 0 次，不限次数');
    await act(() => i18n.changeLanguage('en'));
  });
});
