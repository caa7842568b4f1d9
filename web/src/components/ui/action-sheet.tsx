// A bottom action sheet: a list of choices over a dimmed page, with Cancel set apart below.
// Tapping outside, Cancel or Escape chooses nothing (null). The keyboard starts on the first
// choice; the up and down arrows move among the choices and Cancel.
import { useRef } from 'react';

import { useTranslation } from '../../lib/i18n';
import { useEscapeKey } from '../../lib/use-escape-key';
import { moveMenuFocus, useMenuFocus } from './menu-focus';

export interface SheetOption {
  label: string;
  danger?: boolean;
}

export function ActionSheet({
  title,
  options,
  onChoose,
}: {
  title?: string;
  options: SheetOption[];
  onChoose: (index: number | null) => void;
}) {
  const { t } = useTranslation();
  const sheet = useRef<HTMLDivElement>(null);
  useMenuFocus(sheet, true);

  useEscapeKey(() => onChoose(null));

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/40" onClick={() => onChoose(null)}>
      <div
        ref={sheet}
        role="menu"
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={moveMenuFocus('vertical')}
        className="sheet-in w-full max-w-[480px] overflow-hidden rounded-t-xl bg-[#f2f2f2] pb-[env(safe-area-inset-bottom)]"
      >
        {title && (
          <p className="line-clamp-3 bg-white px-6 py-3 text-center text-[13px] break-words text-neutral-400">
            {title}
          </p>
        )}
        <div className={`divide-y divide-neutral-100 bg-white ${title ? 'border-t border-neutral-100' : ''}`}>
          {options.map((option, index) => (
            <button
              key={option.label}
              type="button"
              role="menuitem"
              onClick={() => onChoose(index)}
              className={`block h-14 w-full text-[17px] active:bg-neutral-100 ${option.danger ? 'text-danger' : 'text-neutral-900'}`}
            >
              {option.label}
            </button>
          ))}
        </div>
        <button
          type="button"
          role="menuitem"
          onClick={() => onChoose(null)}
          className="mt-2 block h-14 w-full bg-white text-[17px] text-neutral-900 active:bg-neutral-100"
        >
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
