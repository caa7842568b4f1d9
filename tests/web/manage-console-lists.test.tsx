// The console's lists and words after a walk: times in the app's language, not the browser's; the
// phone's tab row scrolled to the open section; the users list offers only what the worker allows
// (nothing that changes one's own standing, an operator's row left to a super admin), shows an
// e-mail that is the account once, and its edit dialog names the user; a chart of days without
// messages says so instead of drawing a 0-to-0 axis; one name per group role in each language.
import 'fake-indexeddb/auto';

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { formatTime } from '../../web/src/features/manage/components/console-ui';
import { i18n } from '../../web/src/lib/i18n';
import { asRole, managed } from './console-fakes';
import { renderApp, USER } from './helpers';

afterEach(() => vi.restoreAllMocks());

describe('console times', () => {
  it('are written in the app’s language whatever the browser’s', async () => {
    const at = Date.UTC(2025, 11, 7, 2, 45) / 1000;
    await i18n.changeLanguage('vi');
    expect(formatTime(at)).toMatch(/7 thg 12, 2025/);
    await i18n.changeLanguage('zh-CN');
    expect(formatTime(at)).toMatch(/2025年12月7日/);
    await i18n.changeLanguage('en');
    expect(formatTime(at)).toMatch(/Dec 7, 2025/);
    expect(formatTime(0)).toBe('—');
  });
});

describe('the console’s tab row', () => {
  it('marks the open section and scrolls it into sight', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    asRole(1, { '/manage/audit/index': () => [] });
    renderApp('/manage/audit');
    const tab = await screen.findByRole('link', { name: 'Audit log' });
    expect(tab.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(scrolled).toContain(tab));
  });
});

describe('the users list rows', () => {
  const me = managed(USER.user_id, 'Alice', { role: 2 });
  const rows = [
    me,
    managed(21, 'Bob', { account: 'bob@example.com', email: 'bob@example.com' }),
    managed(22, 'Carol', { role: 1 }),
  ];

  it('offers an admin nothing that the worker would refuse', async () => {
    asRole(2, { '/manage/user/index': () => rows });
    renderApp('/manage/users');
    expect(await screen.findByRole('button', { name: 'Disable Bob' })).toBeTruthy();
    // Their own row: no disabling or deleting themselves; an operator's row (their own included) is a super admin's.
    for (const name of ['Alice', 'Carol'])
      for (const action of ['Disable', 'Delete', 'Edit', 'Reset password of'])
        expect(screen.queryByRole('button', { name: `${action} ${name}` })).toBeNull();
  });

  it('gives a super admin no control over their own standing, and an e-mail that is the account once', async () => {
    asRole(1, { '/manage/user/index': () => [{ ...me, role: 1 }, ...rows.slice(1)] });
    renderApp('/manage/users');
    expect(await screen.findByRole('button', { name: 'Disable Carol' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of Carol' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Role of Alice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable Alice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Alice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Alice' })).toBeTruthy();
    expect(screen.getByText('bob@example.com').textContent).toBe('bob@example.com');
  });

  it('names the user in the edit dialog’s title', async () => {
    asRole(1, { '/manage/user/index': () => rows });
    renderApp('/manage/users');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Bob' }));
    expect(await screen.findByRole('heading', { name: 'Edit Bob' })).toBeTruthy();
  });
});

describe('a day chart without messages', () => {
  it('says there were none instead of drawing an axis from 0 to 0', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 30 + i)).toISOString().slice(0, 10),
      messages: 0,
    }));
    asRole(1, {
      '/manage/index/index': () => ({ users: 1, disabled: 0, groups: 0, files: 0, storage: 0, online: 1, days }),
    });
    renderApp('/manage');
    const chart = await screen.findByRole('region', { name: 'Messages per day' });
    expect(within(chart).getByText('No messages in the last 30 days (Oct 30 – Nov 28, UTC).')).toBeTruthy();
    expect(within(chart).queryByTitle('The busiest day')).toBeNull();
  });
});

describe('group roles and operator roles', () => {
  it('have one name each in every language, the same in the console and the app', async () => {
    for (const lang of ['vi', 'en', 'zh-CN']) {
      await i18n.changeLanguage(lang);
      const operators = [i18n.t('manage.role.1'), i18n.t('manage.role.2')];
      const group = [i18n.t('groups.role.owner'), i18n.t('groups.role.admin')];
      expect(i18n.t('manage.groups.owner')).toBe(group[0]);
      expect(i18n.t('manage.groups.manager')).toBe(group[1]);
      for (const name of operators) expect(group).not.toContain(name);
    }
    await i18n.changeLanguage('en');
  });
});
