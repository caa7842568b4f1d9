// The settings the console edits, section by section (manage/config/setConfig checks each again):
// how each is entered, and the texts that name and explain it (manage.settings.<key>[Help]).
import { APP_VERSION, isBelow } from '@protocol/version';

import type { ConfigName } from '../api/manage-api';

export type FieldKind =
  | { type: 'text'; max: number }
  | { type: 'number'; min: number; max: number }
  | { type: 'switch'; fallback: boolean }
  | { type: 'select'; options: string[] }
  | { type: 'list' }
  /** Users, chosen with the people picker: their ids, comma-separated. */
  | { type: 'ids' }
  /** One user, chosen with the people picker: the id, empty (0 stored) for none. */
  | { type: 'user' }
  /** A dotted version (1.0.6) no higher than the one deployed: empty for none. */
  | { type: 'version' };

export interface SettingField {
  key: string;
  kind: FieldKind;
  /** Whether it has a help line (manage.settings.<key>Help). */
  help?: boolean;
  /** A property of an object-valued key (chatInfo.autoAddUser.status): the object is saved whole. */
  path?: [string, string];
}

/** A form of one configuration row; `title` names a second form of the same row (manage.settings.section.<title>). */
export interface SettingsSection {
  name: ConfigName;
  title?: string;
  fields: SettingField[];
}

export const SECTIONS: SettingsSection[] = [
  {
    name: 'sysInfo',
    fields: [
      { key: 'name', kind: { type: 'text', max: 30 } },
      { key: 'state', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'closeTips', kind: { type: 'text', max: 500 }, help: true },
      { key: 'regtype', kind: { type: 'select', options: ['1', '2'] } },
      { key: 'regauth', kind: { type: 'select', options: ['0', '1', '2', '3'] }, help: true },
      { key: 'runMode', kind: { type: 'select', options: ['1', '2'] }, help: true },
      { key: 'registerInterval', kind: { type: 'number', min: 0, max: 86_400 }, help: true },
      { key: 'minVersion', kind: { type: 'version' }, help: true },
      { key: 'multipleLogin', kind: { type: 'switch', fallback: false }, help: true },
      { key: 'ipregion', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'diyName', kind: { type: 'switch', fallback: false }, help: true },
    ],
  },
  {
    name: 'chatInfo',
    fields: [
      { key: 'online', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'webrtc', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'simpleChat', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'groupChat', kind: { type: 'switch', fallback: true }, help: true },
      { key: 'groupUserMax', kind: { type: 'number', min: 0, max: 10_000 } },
      { key: 'sendInterval', kind: { type: 'number', min: 0, max: 3600 }, help: true },
      { key: 'redoTime', kind: { type: 'number', min: 0, max: 86_400 * 30 }, help: true },
      { key: 'editTime', kind: { type: 'number', min: 0, max: 86_400 * 30 }, help: true },
      { key: 'reactionMax', kind: { type: 'number', min: 0, max: 100 }, help: true },
      { key: 'msgClear', kind: { type: 'switch', fallback: false }, help: true },
      { key: 'msgClearDay', kind: { type: 'number', min: 0, max: 3650 } },
      { key: 'dbDelMsg', kind: { type: 'switch', fallback: true }, help: true },
    ],
  },
  {
    // Registration's automatic agent and group, in run mode 2 only.
    name: 'chatInfo',
    title: 'autoAdd',
    fields: [
      {
        key: 'autoAddUserStatus',
        path: ['autoAddUser', 'status'],
        kind: { type: 'switch', fallback: false },
        help: true,
      },
      { key: 'autoAddUserIds', path: ['autoAddUser', 'user_ids'], kind: { type: 'ids' }, help: true },
      { key: 'autoAddUserWelcome', path: ['autoAddUser', 'welcome'], kind: { type: 'text', max: 500 }, help: true },
      {
        key: 'autoAddGroupStatus',
        path: ['autoAddGroup', 'status'],
        kind: { type: 'switch', fallback: false },
        help: true,
      },
      { key: 'autoAddGroupName', path: ['autoAddGroup', 'name'], kind: { type: 'text', max: 24 }, help: true },
      {
        key: 'autoAddGroupUserMax',
        path: ['autoAddGroup', 'userMax'],
        kind: { type: 'number', min: 2, max: 10_000 },
        help: true,
      },
      {
        key: 'autoAddGroupOwner',
        path: ['autoAddGroup', 'owner_uid'],
        kind: { type: 'user' },
        help: true,
      },
    ],
  },
  {
    name: 'fileUpload',
    fields: [
      { key: 'size', kind: { type: 'number', min: 1, max: 2048 }, help: true },
      { key: 'fileExt', kind: { type: 'list' }, help: true },
    ],
  },
];

/** The stored value of `field` in its row (a property of an object for a field with a path). */
export function storedValue(field: SettingField, row: Record<string, unknown>): unknown {
  if (!field.path) return row[field.key];
  const object = row[field.path[0]];
  return typeof object === 'object' && object !== null ? (object as Record<string, unknown>)[field.path[1]] : undefined;
}

/** A stored value as the form holds it: switches '1'/'0', lists comma-separated, the rest as text. */
export function formValue(field: SettingField, stored: unknown): string {
  const { kind } = field;
  if (kind.type === 'switch') {
    const text = String(stored ?? '');
    const on = stored === true || text === '1' ? true : stored === false || text === '0' ? false : kind.fallback;
    return on ? '1' : '0';
  }
  if (kind.type === 'list' || kind.type === 'ids')
    return Array.isArray(stored) ? stored.join(', ') : String(stored ?? '');
  if (kind.type === 'user')
    return stored === undefined || stored === null || String(stored) === '0' ? '' : String(stored);
  return stored === undefined || stored === null ? '' : String(stored);
}

/** What the form holds, as setConfig takes it. */
export function wireValue(field: SettingField, value: string): unknown {
  if (field.kind.type === 'ids') return value.split(/[\s,]+/).filter(Boolean);
  if (field.kind.type === 'user') return value.trim() || '0';
  if (field.kind.type === 'list')
    return value
      .split(/[\s,]+/)
      .map((x) => x.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean);
  return value.trim();
}

/**
 * What is wrong with a version typed as the oldest supported one: not a version, or above the
 * running one (APP_VERSION, deployed with the Worker), which would leave every open app, this
 * console's too, asking to update to a build that does not exist. Null when it may be saved.
 */
export function versionProblem(value: string): 'format' | 'above' | null {
  const text = value.trim();
  if (text === '') return null;
  if (text.length > 20 || !/^\d+(\.\d+){0,3}$/.test(text)) return 'format';
  return isBelow(APP_VERSION, text) ? 'above' : null;
}

/** Why the form's value cannot be sent: a text of manage.settings.invalid with its values; null when it can (the server checks again). */
export function problemOf(
  field: SettingField,
  value: string,
): { key: Invalid; values?: Record<string, number> } | null {
  const { kind } = field;
  if (kind.type === 'version') return versionProblem(value) === null ? null : { key: 'version' };
  if (kind.type === 'number') {
    const n = Number(value);
    const ok = /^\d{1,9}$/.test(value.trim()) && n >= kind.min && n <= kind.max;
    return ok ? null : { key: 'range', values: { min: kind.min, max: kind.max } };
  }
  if (kind.type === 'text') {
    if (value.length > kind.max) return { key: 'tooLong', values: { max: kind.max } };
    return field.key === 'name' && value.trim() === '' ? { key: 'required' } : null;
  }
  if (kind.type === 'list') {
    const ok = (wireValue(field, value) as string[]).every((x) => /^[a-z0-9]{1,10}$/.test(x)) && value.trim() !== '';
    return ok ? null : { key: 'list' };
  }
  if (kind.type === 'ids' || kind.type === 'user') {
    const ids = kind.type === 'user' ? [value.trim()].filter(Boolean) : (wireValue(field, value) as string[]);
    return ids.every((x) => /^[1-9]\d{0,14}$/.test(x)) ? null : { key: 'ids' };
  }
  return null;
}

export type Invalid = 'version' | 'range' | 'tooLong' | 'required' | 'list' | 'ids';

/** Whether the form's value can be sent (the server checks again). */
export const valid = (field: SettingField, value: string): boolean => problemOf(field, value) === null;

/**
 * The changed fields as setConfig takes them: a plain key alone, an object-valued key whole (every
 * field of it from the form), since the server stores each such object as sent.
 */
export function changedValue(fields: SettingField[], changed: SettingField[], draft: Record<string, string>) {
  const value: Record<string, unknown> = {};
  for (const field of changed) {
    if (!field.path) {
      value[field.key] = wireValue(field, draft[field.key]!);
      continue;
    }
    const [object] = field.path;
    value[object] = Object.fromEntries(
      fields.filter((f) => f.path?.[0] === object).map((f) => [f.path![1], wireValue(f, draft[f.key]!)]),
    );
  }
  return value;
}
