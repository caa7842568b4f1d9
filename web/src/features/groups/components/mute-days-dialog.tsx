// "Mute for N days" (1–365): a small dialog with a labelled number box.
import { useState } from 'react';

import { NO_SPEAK_DAYS_MAX } from '@protocol/groups';
import { Modal, ModalTitle } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';

export function MuteDaysDialog({ name, onDone }: { name: string; onDone: (days: number | null) => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState('1');
  const n = Number(days);
  const valid = Number.isInteger(n) && n >= 1 && n <= NO_SPEAK_DAYS_MAX;
  return (
    <Modal onClose={() => onDone(null)} className="w-full max-w-xs rounded-xl bg-white p-5">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onDone(n);
        }}
      >
        <ModalTitle className="text-[16px] font-medium text-neutral-900">
          {t('groups.mute.daysTitle', { name })}
        </ModalTitle>
        <label className="mt-3 block text-[13px] text-neutral-600">
          {t('groups.mute.daysLabel', { max: NO_SPEAK_DAYS_MAX })}
          <input
            type="number"
            min={1}
            max={NO_SPEAK_DAYS_MAX}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            autoFocus
            className="mt-1 h-10 w-full rounded-md border border-neutral-300 px-3 text-[16px] text-neutral-900 outline-none focus:border-brand-dark"
          />
        </label>
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => onDone(null)}
            className="h-10 rounded-md border border-neutral-300 px-4 text-[15px] text-neutral-800"
          >
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            disabled={!valid}
            className="h-10 rounded-md bg-brand-dark px-4 text-[15px] font-medium text-white disabled:bg-brand/50"
          >
            {t('groups.mute.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
