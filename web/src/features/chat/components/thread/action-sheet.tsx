// A bottom action sheet: showActionSheet() resolves with the chosen option's index, or null
// when cancelled. Used for the failed-message choices (Retry / Delete).
import { useTranslation } from '../../../../lib/i18n';
import { createOverlay } from './overlay-store';

interface SheetOption {
  label: string;
  danger?: boolean;
}

interface SheetRequest {
  options: SheetOption[];
  resolve: (index: number | null) => void;
}

const sheet = createOverlay<SheetRequest>();

export function showActionSheet(options: SheetOption[]): Promise<number | null> {
  sheet.get()?.resolve(null);
  return new Promise((resolve) => sheet.show({ options, resolve }));
}

function choose(index: number | null): void {
  const request = sheet.get();
  sheet.hide();
  request?.resolve(index);
}

export function ActionSheetHost() {
  const { t } = useTranslation();
  const request = sheet.useCurrent();
  if (!request) return null;
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/40" onClick={() => choose(null)}>
      <div role="menu" className="w-full max-w-[480px] overflow-hidden rounded-t-xl bg-[#f2f2f2] pb-[env(safe-area-inset-bottom)]" onClick={(e) => e.stopPropagation()}>
        <div className="divide-y divide-neutral-200 bg-white">
          {request.options.map((option, index) => (
            <button key={option.label} type="button" role="menuitem" onClick={() => choose(index)}
              className={`block h-14 w-full text-[17px] active:bg-neutral-100 ${option.danger ? 'text-[#e5534b]' : 'text-neutral-900'}`}>
              {option.label}
            </button>
          ))}
        </div>
        <button type="button" onClick={() => choose(null)} className="mt-2 block h-14 w-full bg-white text-[17px] text-neutral-900 active:bg-neutral-100">
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
