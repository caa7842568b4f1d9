// One audit row as sentences in the console's language: who did what to whom, by
// name (the worker names the target and the people the values name by id), and what changed with
// each value as the console labels it (a role, a status, a gender, a setting), never as JSON.
import type { TFunction, TKey } from '@web/lib/i18n';

import type { AuditRow } from '../api/manage-api';
import { SECTIONS, type SettingField } from './settings-fields';

type Values = Record<string, unknown>;

/** Every kind the worker writes, by filter (the prefix before the dot). */
export const AUDIT_KINDS = {
  user: ['add', 'edit', 'disable', 'enable', 'setRole', 'editPassword', 'delete'],
  group: ['addUser', 'removeUser', 'setManager', 'changeOwner', 'dissolve', 'clearMessage'],
  invite: ['add', 'revoke'],
  config: ['set', 'testEmail'],
  report: ['dismiss', 'hide', 'disableSender'],
  notice: ['publish', 'edit', 'delete'],
} as const;

function parse(json: string): Values {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
  } catch {
    return {};
  }
}

const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');

/** A stored value as the console labels it. */
function label(field: string, value: unknown, row: AuditRow, t: TFunction): string {
  if (field === 'role') return t(`manage.role.${Number(value) === 1 ? 1 : Number(value) === 2 ? 2 : 0}` as TKey);
  if (field === 'status')
    return Number(value) === 1 ? t('manage.users.statusActive') : t('manage.users.statusDisabled');
  if (field === 'sex')
    return t(
      Number(value) === 1
        ? 'manage.users.sexMale'
        : Number(value) === 0
          ? 'manage.users.sexFemale'
          : 'manage.users.sexUnknown',
    );
  if (field === 'cs_uid')
    return Number(value) ? (row.names?.[String(value)] ?? `#${text(value)}`) : t('manage.users.agentNone');
  if (typeof value === 'boolean') return value ? t('manage.audit.on') : t('manage.audit.off');
  if (Array.isArray(value)) return value.map(text).join(', ') || '—';
  const shown = text(value);
  return shown === '' ? '—' : `“${shown}”`;
}

const FIELD_LABELS: Record<string, TKey> = {
  realname: 'manage.users.realname',
  account: 'manage.users.account',
  email: 'manage.users.email',
  sex: 'manage.users.sex',
  remark: 'manage.users.remark',
  cs_uid: 'manage.users.agent',
  role: 'manage.audit.role',
  motto: 'profile.motto',
};

const SETTINGS = SECTIONS.flatMap((section) => section.fields);

/** A setting's value as its form shows it: a switch on or off, else the value. */
function settingValue(field: SettingField | undefined, value: unknown, row: AuditRow, t: TFunction): string {
  if (value === undefined) return '—';
  if (field?.kind.type === 'switch')
    return value === true || value === 1 || value === '1' ? t('manage.audit.on') : t('manage.audit.off');
  return label('', value, row, t);
}

/** Each setting a config.set changed, an object-valued key (autoAddUser) by its fields. */
function settingChanges(row: AuditRow, t: TFunction): string[] {
  const before = parse(row.before);
  const after = parse(row.after);
  const lines: [string, SettingField | undefined, unknown, unknown][] = Object.keys(after).flatMap((key) => {
    const parts = SETTINGS.filter((f) => f.path?.[0] === key);
    if (parts.length === 0) return [[key, SETTINGS.find((f) => f.key === key), before[key], after[key]]];
    const [was, now] = [before[key], after[key]].map((v) => (v && typeof v === 'object' ? (v as Values) : {}));
    return parts
      .map((f): [string, SettingField, unknown, unknown] => [f.key, f, was![f.path![1]], now![f.path![1]]])
      .filter(([, , from, to]) => JSON.stringify(from) !== JSON.stringify(to));
  });
  return lines.map(([key, field, from, to]) =>
    t('manage.audit.change', {
      field: t(`manage.settings.${key}` as TKey),
      from: settingValue(field, from, row, t),
      to: settingValue(field, to, row, t),
    }),
  );
}

/** "Name: “Old” → “New”" for each field that changed; settings by their labels. */
export function auditChanges(row: AuditRow, t: TFunction): string[] {
  if (row.action === 'config.set') return settingChanges(row, t);
  if (row.action !== 'user.edit') return [];
  const before = parse(row.before);
  const after = parse(row.after);
  return Object.keys(after).map((field) => {
    const from = field in before ? label(field, before[field], row, t) : '—';
    return t('manage.audit.change', {
      field: t(FIELD_LABELS[field] ?? (field as TKey)),
      from,
      to: label(field, after[field], row, t),
    });
  });
}

/** The target by name: as it is called now, else as the row kept it (a deleted user, a cleared group). */
function targetName(row: AuditRow, kind: string, id: string, t: TFunction): string {
  if (kind === 'config') return t(`manage.settings.section.${id}` as TKey);
  if (kind === 'invite' || kind === 'mail') return id;
  const before = parse(row.before);
  const after = parse(row.after);
  const kept = [row.target_name, before.realname, before.account, before.name, after.title, after.realname];
  return kept.map(text).find((name) => name !== '') ?? `#${id}`;
}

/** The sentence: "Alice disabled Bob", "Alice made Chi a group admin in “Readers”". */
export function auditSentence(row: AuditRow, t: TFunction): string {
  const before = parse(row.before);
  const after = parse(row.after);
  const [kind, id = ''] = row.target.split(/:(.*)/s);
  const actor = row.actor_name || `#${row.actor_id}`;
  const target = targetName(row, kind ?? '', id, t);
  const ids = [after.user_id, ...(Array.isArray(after.user_ids) ? after.user_ids : [])].filter((x) => x !== undefined);
  const people = ids.map((x) => row.names?.[String(x)] ?? `#${text(x)}`).join(t('groupEvents.separator'));
  const params = { actor, target, people };
  switch (row.action) {
    case 'user.setRole':
      return t('manage.audit.do.user.setRole', {
        ...params,
        from: label('role', before.role, row, t),
        to: label('role', after.role, row, t),
      });
    case 'group.setManager':
      return t(after.role === 2 ? 'manage.audit.do.group.setManager' : 'manage.audit.do.group.unsetManager', params);
    case 'config.testEmail':
      return t(
        after.sent === false ? 'manage.audit.do.config.testEmailFailed' : 'manage.audit.do.config.testEmail',
        params,
      );
  }
  const [prefix, verb] = row.action.split('.') as [keyof typeof AUDIT_KINDS, string];
  if ((AUDIT_KINDS[prefix] as readonly string[] | undefined)?.includes(verb))
    return t(`manage.audit.do.${prefix}.${verb}` as TKey, params);
  return t('manage.audit.do.other', { ...params, action: row.action, target: target || row.target });
}
