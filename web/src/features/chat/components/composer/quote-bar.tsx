// Shown above the input while quoting: what is being quoted, and a close button.
import { useTranslation } from '@web/lib/i18n';

import { type QuoteInfo, quoteLine } from '../thread/quote-block';
import { CloseIcon } from './composer-icons';

export function QuoteBar({ quote, onClose }: { quote: QuoteInfo; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-2 mb-1.5 flex items-center gap-2 rounded-[4px] bg-black/[0.05] py-1.5 pr-1 pl-2.5 text-[13px] text-neutral-500">
      <span className="line-clamp-2 min-w-0 flex-1 wrap-anywhere">{quoteLine(quote, t)}</span>
      <button
        type="button"
        onClick={onClose}
        aria-label={t('chat.quoteCancel')}
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-neutral-400 active:bg-black/10"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
