// manage/config/getAllConfig|setConfig: a form per configuration row (sysInfo, chatInfo,
// fileUpload; chatInfo's automatic agent and group in a form of their own), each saved on its own
// and sending only the keys changed (an object-valued key whole). A super admin edits; an
// admin, and the demo's shared operator, read the same forms with every control
// disabled. People are chosen with the people picker (setting-people.tsx), never typed as ids.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { APP_VERSION } from '@protocol/version';
import { Switch } from '@web/components/ui/switch';
import { showToast } from '@web/components/ui/toast';
import { type TKey, useTranslation } from '@web/lib/i18n';
import { storage } from '@web/lib/storage';

import { type ConfigName, fetchConfig, saveConfig } from '../api/manage-api';
import { isSuperAdmin, useConsoleReadOnly } from '../operator';
import { ConsoleScreen, SmallButton } from './console-ui';
import { SettingPeople } from './setting-people';
import {
  changedValue,
  formValue,
  problemOf,
  SECTIONS,
  type SettingField,
  storedValue,
  valid,
  versionProblem,
} from './settings-fields';

export function SettingsScreen() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['manage', 'config'], queryFn: fetchConfig });
  const readOnly = useConsoleReadOnly();
  const editable = isSuperAdmin(storage.getUserInfo()?.role) && !readOnly;
  return (
    <ConsoleScreen title={t('manage.nav.settings')}>
      {!editable && !readOnly && <p className="mb-3 text-[13px] text-neutral-600">{t('manage.settings.readOnly')}</p>}
      {data &&
        SECTIONS.map((section) => (
          <SettingsSection
            key={section.title ?? section.name}
            name={section.name}
            title={section.title ?? section.name}
            fields={section.fields}
            stored={data[section.name]}
            editable={editable}
          />
        ))}
    </ConsoleScreen>
  );
}

function SettingsSection({
  name,
  title,
  fields,
  stored,
  editable,
}: {
  name: ConfigName;
  title: string;
  fields: SettingField[];
  stored: Record<string, unknown>;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const headingId = useId();
  const initial = Object.fromEntries(fields.map((f) => [f.key, formValue(f, storedValue(f, stored))]));
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const changed = fields.filter((f) => draft[f.key] !== initial[f.key]);
  const allValid = changed.every((f) => valid(f, draft[f.key]!));

  const save = () => {
    const value = changedValue(fields, changed, draft);
    setBusy(true);
    saveConfig(name, value).then(
      () => {
        showToast(t('manage.saved'));
        void client.invalidateQueries({ queryKey: ['manage', 'config'] }).then(() => setBusy(false));
      },
      () => setBusy(false),
    );
  };

  return (
    <form
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border border-neutral-200 bg-white p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (editable && changed.length > 0 && allValid && !busy) save();
      }}
    >
      <h2 id={headingId} className="mb-3 text-[16px] font-semibold text-neutral-900">
        {t(`manage.settings.section.${title}` as TKey)}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {fields.map((field) => (
          <SettingInput
            key={field.key}
            field={field}
            value={draft[field.key]!}
            edited={draft[field.key] !== initial[field.key]}
            disabled={!editable}
            onChange={(value) => setDraft((d) => ({ ...d, [field.key]: value }))}
          />
        ))}
      </div>
      {editable && (
        <div className="mt-4 flex justify-end">
          <SmallButton type="submit" tone="primary" disabled={busy || changed.length === 0 || !allValid}>
            {t('manage.save')}
          </SmallButton>
        </div>
      )}
    </form>
  );
}

const INPUT =
  'mt-1 h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-[15px] text-neutral-900 outline-none focus:border-brand-dark disabled:bg-neutral-100 aria-[invalid=true]:border-danger';

function SettingInput({
  field,
  value,
  edited,
  disabled,
  onChange,
}: {
  field: SettingField;
  value: string;
  /** Changed here: only then is a refusal explained (what was stored is not what is being saved). */
  edited: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(`manage.settings.${field.key}` as TKey);
  // A version field names the running version: the highest it accepts.
  const help = field.help ? t(`manage.settings.${field.key}Help` as TKey, { version: APP_VERSION }) : '';
  const { kind } = field;
  // Why the value cannot be saved, in words: the version's own texts, else the rule broken.
  const problem = disabled || (!edited && kind.type !== 'version') ? null : problemOf(field, value);
  const version = kind.type === 'version' && problem ? versionProblem(value) : null;
  const helpLine = (
    <span id={`${id}-help`} className="mt-1 block text-[12px] text-neutral-500">
      {problem && (
        <span role="alert" className="block text-danger">
          {version
            ? t(version === 'above' ? 'manage.settings.versionAbove' : 'manage.settings.versionFormat', {
                version: APP_VERSION,
              })
            : t(`manage.settings.invalid.${problem.key}` as TKey, problem.values ?? {})}
        </span>
      )}
      {help}
    </span>
  );
  if (kind.type === 'ids' || kind.type === 'user')
    return (
      <div>
        <SettingPeople
          label={label}
          helpId={`${id}-help`}
          value={value}
          single={kind.type === 'user'}
          disabled={disabled}
          onChange={onChange}
        />
        {helpLine}
      </div>
    );
  if (kind.type === 'switch')
    return (
      <div className="flex items-start gap-3">
        <div className="flex-1 text-[14px] text-neutral-800">
          <span id={`${id}-label`}>{label}</span>
          {helpLine}
        </div>
        {disabled ? (
          <span className="text-[14px] text-neutral-700">
            {t(value === '1' ? 'manage.settings.on' : 'manage.settings.off')}
          </span>
        ) : (
          <Switch label={label} checked={value === '1'} onChange={(on) => onChange(on ? '1' : '0')} />
        )}
      </div>
    );
  return (
    <label className="block text-[14px] text-neutral-800">
      {label}
      {kind.type === 'select' ? (
        <select
          className={INPUT}
          value={value}
          disabled={disabled}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(e.target.value)}
        >
          {kind.options.map((o) => (
            <option key={o} value={o}>
              {t(`manage.settings.${field.key}Option.${o}` as TKey)}
            </option>
          ))}
        </select>
      ) : (
        <input
          className={INPUT}
          value={value}
          disabled={disabled}
          inputMode={kind.type === 'number' ? 'numeric' : kind.type === 'version' ? 'decimal' : undefined}
          aria-invalid={!valid(field, value)}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {helpLine}
    </label>
  );
}
