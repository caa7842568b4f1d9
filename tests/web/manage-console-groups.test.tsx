// The console's Groups page clears a group's history: a super admin's button,
// asked first (Cancel sends nothing), then manage/group/clearMessage with the group's key and a
// toast; an admin is not offered it; its texts in en, vi and zh-CN.
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { i18n } from '../../web/src/lib/i18n';
import { asRole, bodiesOf } from './console-fakes';
import { renderApp } from './helpers';

const GROUPS = {
  '/manage/group/index': () => [{ group_id: 7, name: 'Readers', owner_id: 31, owner_name: 'Dan Brown', members: 2 }],
  '/manage/group/clearMessage': () => ({ group_id: 'group-7' }),
};

describe("clearing a group's history from the console", () => {
  it('is a super admin’s: asked first, Cancel sends nothing, OK clears and says so', async () => {
    const fetchMock = asRole(1, GROUPS);
    renderApp('/manage/groups');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Clear history of Readers' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete every message in “Readers” for all members?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodiesOf(fetchMock, '/manage/group/clearMessage')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear history of Readers' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(bodiesOf(fetchMock, '/manage/group/clearMessage')).toEqual([{ group_id: 'group-7' }]));
    expect(await screen.findByText('Group history cleared')).toBeTruthy();
  });

  it('is not offered to an admin', async () => {
    asRole(2, GROUPS);
    renderApp('/manage/groups');
    expect(await screen.findByRole('button', { name: 'Dissolve Readers' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear history of Readers' })).toBeNull();
  });

  it('speaks Vietnamese and Chinese', async () => {
    await i18n.changeLanguage('vi');
    expect(i18n.t('manage.groups.clear')).toBe('Xóa lịch sử');
    expect(i18n.t('manage.groups.cleared')).toBe('Đã xóa lịch sử nhóm');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('manage.groups.clear')).toBe('清空记录');
    expect(i18n.t('manage.groups.clearAsk', { name: 'A' })).toContain('无法撤销');
    await i18n.changeLanguage('en');
  });
});
