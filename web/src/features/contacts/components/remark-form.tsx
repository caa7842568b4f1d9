// The form for my remark for a friend (their name as I see it), on their page: saved to the
// server, which answers with the name to show.
import { type FormEvent, useId, useState } from 'react';

import { NICKNAME_MAX } from '@protocol/people';
import { showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { type PersonInfo, setRemark } from '../api/people-api';

/** My remark for a friend: required, at most NICKNAME_MAX characters. */
export function RemarkForm({
  person,
  onCancel,
  onSaved,
}: {
  person: PersonInfo;
  onCancel: () => void;
  onSaved: (nickname: string, displayName: string) => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const [value, setValue] = useState(person.nickname || person.displayName);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const nickname = value.trim();
    if (!nickname) {
      setError(t('people.detail.remarkRequired'));
      return;
    }
    setBusy(true);
    const saved = await setRemark(person.user_id, nickname).catch(() => null);
    setBusy(false);
    if (!saved) return;
    showToast(t('people.detail.remarkSaved'));
    onSaved(nickname, saved.displayName);
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 bg-white px-4 py-4">
      <label htmlFor={`${ids}-remark`} className="block text-[14px] text-neutral-600">
        {t('people.detail.remarkLabel')}
      </label>
      <input
        id={`${ids}-remark`}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError('');
        }}
        maxLength={NICKNAME_MAX}
        required
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${ids}-error` : undefined}
        className="mt-1 h-10 w-full rounded-md bg-page px-3 text-[16px] text-neutral-900 outline-none focus:ring-2 focus:ring-brand/50"
      />
      {error && (
        <p id={`${ids}-error`} role="alert" className="mt-1 text-[13px] text-danger">
          {error}
        </p>
      )}
      <div className="mt-3 flex gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="h-11 flex-1 rounded-lg border border-neutral-300 text-[16px] text-neutral-700 active:bg-neutral-100"
        >
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          disabled={busy}
          className="h-11 flex-1 rounded-lg bg-brand-dark text-[16px] font-medium text-white disabled:bg-brand/50"
        >
          {t('people.detail.save')}
        </button>
      </div>
    </form>
  );
}
