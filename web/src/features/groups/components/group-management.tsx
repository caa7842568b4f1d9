// The owner's switches: who manages, invites, opens profiles, sees history, and
// who may speak at all ("mute all": only admins, or only the owner).
import { useId } from 'react';

import { ListGroup, ListRow } from '@web/components/ui/list-row';
import { Switch } from '@web/components/ui/switch';
import { type TKey, useTranslation } from '@web/lib/i18n';

import { changeSetting, type GroupSetting } from '../api/groups-api';
import { afterGroupChange } from '../state/group-live';

const SWITCHES = [
  ['manage', 'groups.setting.manage'],
  ['invite', 'groups.setting.invite'],
  ['profile', 'groups.setting.profile'],
  ['history', 'groups.setting.history'],
] as const satisfies readonly (readonly [keyof GroupSetting, TKey])[];

const NOSPEAK = [
  [0, 'groups.setting.nospeakOff'],
  [1, 'groups.setting.nospeakAdmins'],
  [2, 'groups.setting.nospeakOwner'],
] as const;

export function GroupManagement({ groupKey, setting }: { groupKey: string; setting: GroupSetting }) {
  const { t } = useTranslation();
  const ignore = () => undefined;
  const nospeakId = useId();
  return (
    <>
      <ListGroup title={t('groups.setting.title')}>
        {SWITCHES.map(([key, label]) => (
          <ListRow
            key={key}
            label={t(label)}
            trailing={
              <Switch
                label={t(label)}
                checked={setting[key] === 1}
                onChange={(on) =>
                  void afterGroupChange(groupKey, changeSetting(groupKey, { [key]: on ? 1 : 0 })).catch(ignore)
                }
              />
            }
          />
        ))}
      </ListGroup>
      {/* A radio group labelled by its heading (a fieldset's floated legend made the page wider than a phone). */}
      <div
        role="radiogroup"
        aria-labelledby={nospeakId}
        className="mt-3 border-y border-neutral-100 bg-white px-4 py-2"
      >
        <p id={nospeakId} className="pt-1 pb-1 text-[13px] text-neutral-600">
          {t('groups.setting.nospeak')}
        </p>
        {NOSPEAK.map(([value, label]) => (
          <label key={value} className="flex min-h-12 cursor-pointer items-center gap-3 text-[16px] text-neutral-900">
            <input
              type="radio"
              name="nospeak"
              className="size-5 accent-[#0D7A0C]"
              checked={setting.nospeak === value}
              onChange={() =>
                void afterGroupChange(groupKey, changeSetting(groupKey, { nospeak: value })).catch(ignore)
              }
            />
            {t(label)}
          </label>
        ))}
      </div>
    </>
  );
}
