// My profile: the avatar (cropped square, then uploaded with progress), nickname (editable only
// where the system allows it), email, gender and signature, each limited as the server limits it.
// Saving sends only what changed; the stored record and the mine tab update at once.
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';

import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-error';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';
import { useSystemInfo } from '@web/lib/system-info';

import { type ProfileChanges, updateProfile, uploadAvatar } from '../api/account-calls';
import { useUserInfo } from '../api/get-user-info';
import { usePictureUpload } from '../hooks/use-picture-upload';
import { EMAIL_MAX, MOTTO_MAX, REALNAME_MAX, validateProfile } from '../utils/account-rules';
import { nameEditable } from '../utils/profile-access';

const SEXES = [
  { value: 2, label: 'profile.sexUnknown' },
  { value: 1, label: 'profile.sexMale' },
  { value: 0, label: 'profile.sexFemale' },
] as const;

const ROW = 'flex items-center gap-3 border-b border-neutral-100 bg-white px-4 py-3 focus-within:bg-neutral-50';
const LABEL = 'w-24 shrink-0 text-[16px] text-neutral-900';
const INPUT = 'min-w-0 flex-1 bg-transparent text-[16px] outline-none placeholder:text-neutral-400';

export function ProfileForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: user } = useUserInfo();
  const editableName = nameEditable(useSystemInfo());
  const [draft, setDraft] = useState<{ realname?: string; email?: string; motto?: string; sex?: number }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!user) return null;
  const form = {
    realname: draft.realname ?? user.realname,
    email: draft.email ?? user.email,
    motto: draft.motto ?? user.motto,
    sex: draft.sex ?? user.sex ?? 2,
  };
  const text = (name: 'realname' | 'email' | 'motto') => ({
    id: `profile-${name}`,
    name,
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setDraft((d) => ({ ...d, [name]: e.target.value })),
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateProfile(form, editableName);
    setError(
      problem &&
        t(problem, {
          max:
            problem === 'profile.nameTooLong'
              ? REALNAME_MAX
              : problem === 'profile.emailTooLong'
                ? EMAIL_MAX
                : MOTTO_MAX,
        }),
    );
    if (problem) return;
    const changes: ProfileChanges = {};
    if (editableName && form.realname.trim() !== user.realname) changes.realname = form.realname.trim();
    if (form.email.trim() !== user.email) changes.email = form.email.trim();
    if (form.motto.trim() !== user.motto) changes.motto = form.motto.trim();
    if (form.sex !== (user.sex ?? 2)) changes.sex = form.sex;
    if (Object.keys(changes).length === 0) return showToast(t('profile.nothingChanged'));
    setBusy(true);
    try {
      await updateProfile(client, changes);
      setDraft({});
      showToast(t('profile.saved'));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  const name = user.realname || user.account;
  return (
    <>
      <AvatarSection name={name} avatar={user.avatar} />
      <form onSubmit={(event) => void save(event)} noValidate className="mt-3">
        <div className="border-t border-neutral-100">
          <div className={ROW}>
            <span className={LABEL}>{t('profile.account')}</span>
            <span className="min-w-0 flex-1 truncate text-[16px] text-neutral-600">{user.account}</span>
          </div>
          <div className={ROW}>
            <label htmlFor="profile-realname" className={LABEL}>
              {t('profile.nickname')}
            </label>
            {editableName ? (
              <input {...text('realname')} autoComplete="nickname" maxLength={REALNAME_MAX} className={INPUT} />
            ) : (
              <input
                {...text('realname')}
                readOnly
                aria-describedby="profile-realname-note"
                className={`${INPUT} text-neutral-600`}
              />
            )}
          </div>
          {!editableName && (
            <p id="profile-realname-note" className="bg-white px-4 pb-2 text-[13px] text-neutral-500">
              {t('profile.nameLocked')}
            </p>
          )}
          <div className={ROW}>
            <label htmlFor="profile-email" className={LABEL}>
              {t('profile.email')}
            </label>
            <input
              {...text('email')}
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
              placeholder={t('profile.emailPlaceholder')}
              className={INPUT}
            />
          </div>
          <SexField value={form.sex} onChange={(sex) => setDraft((d) => ({ ...d, sex }))} />
          <div className={`${ROW} items-start`}>
            <label htmlFor="profile-motto" className={`${LABEL} pt-0.5`}>
              {t('profile.motto')}
            </label>
            <textarea
              {...text('motto')}
              rows={3}
              maxLength={MOTTO_MAX}
              placeholder={t('profile.mottoPlaceholder')}
              className={`${INPUT} resize-none`}
            />
          </div>
        </div>
        <div className="px-4">
          <FormError message={error} />
          <Button type="submit" disabled={busy} className="mt-6">
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

/** My picture: pick a file, crop it square, upload it with its progress. */
function AvatarSection({ name, avatar }: { name: string; avatar: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [progress, setProgress] = useState(0);
  const picture = usePictureUpload(
    (cropped) => {
      setProgress(0);
      return uploadAvatar(client, cropped, setProgress);
    },
    {
      notImage: t('profile.avatarNotImage'),
      tooLarge: (mb) => t('profile.avatarTooLarge', { mb }),
      changed: t('profile.avatarChanged'),
    },
  );

  return (
    <>
      <section
        aria-label={t('profile.avatar')}
        className="mt-3 flex items-center gap-4 border-y border-neutral-100 bg-white px-4 py-4"
      >
        <Avatar name={name} src={avatar || undefined} size={64} />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={picture.choose}
            disabled={picture.busy}
            className="rounded-md border border-brand-dark px-3 py-1.5 text-[15px] text-brand-dark active:bg-neutral-100 disabled:border-neutral-300 disabled:text-neutral-500"
          >
            {t('profile.changeAvatar')}
          </button>
          <input {...picture.inputProps} aria-label={t('profile.changeAvatar')} />
          {picture.busy && (
            <div
              role="progressbar"
              aria-label={t('profile.uploading')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-neutral-200"
            >
              <div className="h-full bg-brand" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
        </div>
      </section>
      {picture.dialog}
    </>
  );
}

function SexField({ value, onChange }: { value: number; onChange: (sex: number) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className={ROW}>
      <legend className="sr-only">{t('profile.sex')}</legend>
      <span aria-hidden="true" className={LABEL}>
        {t('profile.sex')}
      </span>
      <div className="flex flex-1 flex-wrap gap-x-4 gap-y-1">
        {SEXES.map((sex) => (
          <label key={sex.value} className="flex items-center gap-1.5 text-[16px] text-neutral-900">
            <input
              type="radio"
              name="sex"
              value={sex.value}
              checked={value === sex.value}
              onChange={() => onChange(sex.value)}
              className="h-4 w-4 accent-brand"
            />
            {t(sex.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
