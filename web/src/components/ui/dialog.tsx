// A tiny modal dialog: showDialog() resolves true on confirm, false on cancel (or Escape). One at
// a time; with a title, its message may be a list, one line each. It takes the keyboard focus
// when it opens (on Confirm), keeps it inside while open (Tab goes round its buttons) and gives it
// back when it closes.
import { useId } from 'react';

import { useTranslation } from '../../lib/i18n';
import { createOverlay } from '../../lib/overlay-store';
import { Modal, ModalTitle } from './modal';

interface DialogRequest {
  message: string;
  /** A heading above the message; the message may then hold several lines. */
  title?: string;
  showCancel: boolean;
  resolve: (confirmed: boolean) => void;
  /** What had the focus before the dialog took it. */
  returnFocus: Element | null;
}

const dialogs = createOverlay<DialogRequest>();

export function showDialog(message: string, options: { showCancel?: boolean; title?: string } = {}): Promise<boolean> {
  dialogs.get()?.resolve(false);
  const returnFocus = document.activeElement;
  return new Promise((resolve) =>
    dialogs.show({ message, title: options.title, showCancel: options.showCancel ?? false, resolve, returnFocus }),
  );
}

function close(confirmed: boolean): void {
  const request = dialogs.get();
  dialogs.hide();
  if (request?.returnFocus instanceof HTMLElement) request.returnFocus.focus();
  request?.resolve(confirmed);
}

export function DialogHost() {
  const dialog = dialogs.useCurrent();
  return dialog ? <DialogBox dialog={dialog} /> : null;
}

function DialogBox({ dialog }: { dialog: DialogRequest }) {
  const { t } = useTranslation();
  const messageId = useId();
  // close() gives the focus back itself, before the answer is acted on.
  return (
    <Modal
      onClose={() => close(false)}
      role="alertdialog"
      labelledBy={dialog.title ? undefined : messageId}
      describedBy={dialog.title ? messageId : undefined}
      restoreFocus={false}
      className="w-full max-w-xs overflow-hidden rounded-xl bg-white"
    >
      {dialog.title && (
        <ModalTitle className="px-5 pt-5 text-center text-[16px] font-medium text-neutral-900">
          {dialog.title}
        </ModalTitle>
      )}
      <p
        id={messageId}
        className={`px-5 py-6 text-[15px] leading-relaxed whitespace-pre-line text-neutral-800 ${dialog.title ? 'pt-3 text-left' : 'text-center'}`}
      >
        {dialog.message}
      </p>
      <div className="flex border-t border-neutral-200 text-[16px]">
        {dialog.showCancel && (
          <button
            type="button"
            className="flex-1 border-r border-neutral-200 py-3 text-neutral-600"
            onClick={() => close(false)}
          >
            {t('common.cancel')}
          </button>
        )}
        <button type="button" autoFocus className="flex-1 py-3 font-medium text-brand-dark" onClick={() => close(true)}>
          {t('common.confirm')}
        </button>
      </div>
    </Modal>
  );
}
