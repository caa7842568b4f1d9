// The audit log reads as sentences in the console's language: who did what to
// whom by name, values as the console labels them (a role, a setting), never JSON or "user:12";
// its filter offers every kind the worker writes (reports and announcements too).
import 'fake-indexeddb/auto';

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AUDIT_KINDS } from '../../web/src/features/manage/components/audit-text';
import { i18n } from '../../web/src/lib/i18n';
import { asRole } from './console-fakes';
import { renderApp } from './helpers';

const row = (id: number, action: string, target: string, patch: Record<string, unknown> = {}) => ({
  id,
  actor_id: 3,
  actor_name: 'Alice',
  action,
  target,
  before: '',
  after: '',
  create_time: 1_790_000_000,
  target_name: '',
  names: {},
  ...patch,
});
const ROWS = [
  row(1, 'user.setRole', 'user:12', {
    target_name: 'Bob',
    before: JSON.stringify({ role: 0 }),
    after: JSON.stringify({ role: 2 }),
  }),
  row(2, 'group.setManager', 'group:7', {
    target_name: 'Readers',
    after: JSON.stringify({ user_id: 13, role: 2 }),
    names: { 13: 'Chi' },
  }),
  row(3, 'report.hide', 'report:4', { target_name: 'Dan', after: JSON.stringify({ status: 2, sender: 14 }) }),
  row(4, 'notice.publish', 'notice:2', { target_name: 'Maintenance', after: JSON.stringify({ title: 'Maintenance' }) }),
  row(5, 'config.set', 'config:sysInfo', {
    before: JSON.stringify({ name: 'Parley' }),
    after: JSON.stringify({ name: 'Parley Chat' }),
  }),
  row(7, 'config.set', 'config:chatInfo', {
    before: JSON.stringify({ autoAddUser: { status: 0, user_ids: [], welcome: '' } }),
    after: JSON.stringify({ autoAddUser: { status: 1, user_ids: [], welcome: 'Hi' } }),
  }),
  row(8, 'config.set', 'config:sysInfo', {
    before: JSON.stringify({ state: '1' }),
    after: JSON.stringify({ state: '0' }),
  }),
  row(6, 'user.delete', 'user:15', { before: JSON.stringify({ account: 'eve1', realname: 'Eve', role: 0 }) }),
];

function showAudit() {
  asRole(1, { '/manage/audit/index': () => ROWS });
  renderApp('/manage/audit');
}

describe('the audit log', () => {
  it('reads as sentences with names and labels, not codes and JSON', async () => {
    showAudit();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    await within(list).findByText('Alice changed the role of Bob from User to Admin');
    expect(within(list).getByText('Alice made Chi a group admin of “Readers”')).toBeTruthy();
    expect(within(list).getByText('Alice removed a reported message by Dan')).toBeTruthy();
    expect(within(list).getByText('Alice published the announcement “Maintenance”')).toBeTruthy();
    expect(within(list).getAllByText('Alice changed the settings: Site and registration')).toHaveLength(2);
    expect(within(list).getByText('Site name: “Parley” → “Parley Chat”')).toBeTruthy();
    expect(within(list).getByText('Alice deleted the user Eve')).toBeTruthy();
    // A switch reads on or off; an object-valued setting by its fields, only those that changed.
    expect(within(list).getByText('Assign a customer-service agent: off → on')).toBeTruthy();
    expect(within(list).getByText('Welcome message: — → “Hi”')).toBeTruthy();
    expect(within(list).getByText('Site open: on → off')).toBeTruthy();
    expect(list.textContent).not.toMatch(/user:|group:|\{|user\.setRole/);
  });

  it('speaks Vietnamese and Chinese', async () => {
    await i18n.changeLanguage('vi');
    showAudit();
    expect(await screen.findByText('Alice đã đặt Chi làm phó nhóm của “Readers”')).toBeTruthy();
    await i18n.changeLanguage('zh-CN');
    expect(await screen.findByText('Alice将 Chi 设为群聊“Readers”的群管理员')).toBeTruthy();
  });

  it('offers a filter for every kind the worker audits, each with a sentence in every language', async () => {
    // The kinds the worker writes: `action: '…'`, or a route's own helper given one (announce, change, settle).
    const dir = join(__dirname, '../../worker/routes/manage');
    const refusals = JSON.parse(readFileSync(join(__dirname, '../../worker/locales/en.json'), 'utf8')) as object;
    const written = new Set<string>();
    for (const file of readdirSync(dir))
      for (const [, kind] of readFileSync(join(dir, file), 'utf8').matchAll(/'((?:[a-z]+)\.[a-zA-Z]+)'/g))
        if (!(kind! in refusals) && /^(user|group|invite|config|report|notice)\./.test(kind!)) written.add(kind!);
    const known = Object.entries(AUDIT_KINDS).flatMap(([prefix, verbs]) => verbs.map((v) => `${prefix}.${v}`));
    expect([...written].sort()).toEqual([...known].sort());
    showAudit();
    const filter = await screen.findByRole('combobox', { name: 'Action' });
    const offered = within(filter)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    for (const kind of known) expect(offered).toContain(`${kind.split('.')[0]}.`);
    expect(offered).toEqual(expect.arrayContaining(['report.', 'notice.']));
  });
});
