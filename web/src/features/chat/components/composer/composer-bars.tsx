// The bars above the input while it is doing more than sending: quoting a message (what is quoted)
// or editing one of mine (what is edited, said politely to screen readers as it
// appears). Each has a close button; Escape also cancels an edit (message-input.tsx).
import type { ReactNode } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { type QuoteInfo, quoteLine } from '../thread/quote-block';
import { CloseIcon } from './composer-icons';

function ComposerBar({
  children,
  closeLabel,
  onClose,
  editing = false,
}: {
  children: ReactNode;
  closeLabel: string;
  onClose: () => void;
  editing?: boolean;
}) {
  return (
    <div
      role={editing ? 'status' : undefined}
      className={`mx-2 mb-1.5 flex items-center gap-2 rounded-[4px] py-1.5 pr-1 pl-2.5 text-[13px] ${editing ? 'bg-brand/10 text-neutral-700' : 'bg-black/[0.05] text-neutral-500'}`}
    >
      <span className="line-clamp-2 min-w-0 flex-1 wrap-anywhere">{children}</span>
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-neutral-500 active:bg-black/10"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

export function QuoteBar({ quote, onClose }: { quote: QuoteInfo; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ComposerBar closeLabel={t('chat.quoteCancel')} onClose={onClose}>
      {quoteLine(quote, t)}
    </ComposerBar>
  );
}

/** `emptyReason`: the id for the line saying why an emptied edit cannot be saved, shown while it is. */
export function EditBar({ text, onCancel, emptyReason }: { text: string; onCancel: () => void; emptyReason?: string }) {
  const { t } = useTranslation();
  return (
    <ComposerBar closeLabel={t('chat.edit.cancel')} onClose={onCancel} editing>
      <span className="font-medium text-brand-dark">{t('chat.edit.editing')}</span> {text}
      {emptyReason && (
        <span id={emptyReason} className="block text-[12px] text-red-600">
          {t('chat.edit.empty')}
        </span>
      )}
    </ComposerBar>
  );
}
