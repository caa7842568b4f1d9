// Shown above the input while I edit one of my messages (issue 26): what is being edited, and a
// button that cancels it (Escape does too). Said politely to screen readers as it appears.
import { useTranslation } from '@web/lib/i18n';

import { CloseIcon } from './composer-icons';

export function EditBar({ text, onCancel }: { text: string; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mx-2 mb-1.5 flex items-center gap-2 rounded-[4px] bg-brand/10 py-1.5 pr-1 pl-2.5 text-[13px] text-neutral-700"
    >
      <span className="line-clamp-2 min-w-0 flex-1 wrap-anywhere">
        <span className="font-medium text-brand-dark">{t('chat.edit.editing')}</span> {text}
      </span>
      <button
        type="button"
        onClick={onCancel}
        aria-label={t('chat.edit.cancel')}
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-neutral-500 active:bg-black/10"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
