// The console's small shared pieces: a screen's frame and heading, a pager, a form dialog and the
// compact buttons used in its rows.
import { type ButtonHTMLAttributes, type FormEvent, type ReactNode, useId } from 'react';

import { Modal, ModalTitle } from '@web/components/ui/modal';
import { currentLanguage, useTranslation } from '@web/lib/i18n';

export function ConsoleScreen({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-4 lg:px-8 lg:py-6">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-[20px] font-semibold text-neutral-900">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

type Tone = 'plain' | 'primary' | 'danger';
const TONES: Record<Tone, string> = {
  plain: 'border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50',
  primary: 'bg-brand-dark text-white hover:bg-brand-darker disabled:bg-brand/50',
  danger: 'border border-danger/40 bg-white text-danger hover:bg-red-50',
};

/** A list's one row when it has none: "Nothing here yet"; `boxed` for lists of cards. */
export function EmptyRow({ boxed = false }: { boxed?: boolean }) {
  const { t } = useTranslation();
  const box = boxed ? 'rounded-lg border border-neutral-200 bg-white ' : '';
  return <li className={`${box}p-4 text-[15px] text-neutral-600`}>{t('manage.empty')}</li>;
}

export function SmallButton({
  tone = 'plain',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: Tone }) {
  return (
    <button
      type="button"
      {...props}
      className={`h-9 rounded-md px-3 text-[14px] font-medium whitespace-nowrap disabled:opacity-60 ${TONES[tone]} ${className}`}
    />
  );
}

/** Previous / next over `count` rows, `limit` a page. */
export function Pager({
  page,
  limit,
  count,
  onPage,
}: {
  page: number;
  limit: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <nav aria-label={t('manage.pager.label')} className="mt-4 flex items-center justify-end gap-3 text-[14px]">
      <span className="text-neutral-600">{t('manage.pager.status', { page, pages, count })}</span>
      <SmallButton disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('manage.pager.previous')}
      </SmallButton>
      <SmallButton disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('manage.pager.next')}
      </SmallButton>
    </nav>
  );
}

/**
 * A modal form: Escape or Cancel closes it, Enter submits. The dialog is a box around the form (a
 * form is no dialog), keeps the focus inside while open and gives it back to its opener on close.
 */
export function FormDialog({
  title,
  submitLabel,
  busy,
  valid = true,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy?: boolean;
  valid?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onSubmit();
  };
  return (
    <Modal
      onClose={onClose}
      backdropClassName="fixed inset-0 z-40 flex items-center justify-center bg-black/40 px-4"
      className="max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-xl bg-white p-5 outline-none"
    >
      <form onSubmit={submit}>
        <ModalTitle className="text-[17px] font-medium text-neutral-900">{title}</ModalTitle>
        <div className="mt-3 space-y-3">{children}</div>
        <div className="mt-5 flex justify-end gap-2">
          <SmallButton onClick={onClose}>{t('common.cancel')}</SmallButton>
          <SmallButton type="submit" tone="primary" disabled={!valid || busy}>
            {submitLabel}
          </SmallButton>
        </div>
      </form>
    </Modal>
  );
}

const FIELD =
  'mt-1 h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-[15px] text-neutral-900 outline-none focus:border-brand-dark disabled:bg-neutral-100';

/** A labelled input of a console form, with an optional short help line. */
export function Field({
  label,
  help,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; help?: string }) {
  const helpId = useId();
  return (
    <label className="block text-[13px] text-neutral-700">
      {label}
      <input {...input} aria-describedby={help ? helpId : undefined} className={FIELD} />
      {help && (
        <span id={helpId} className="mt-1 block text-[12px] text-neutral-500">
          {help}
        </span>
      )}
    </label>
  );
}

/** A labelled select of a console form. */
export function SelectField({
  label,
  help,
  options,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  help?: string;
  options: { value: string; label: string }[];
}) {
  const helpId = useId();
  return (
    <label className="block text-[13px] text-neutral-700">
      {label}
      <select {...select} aria-describedby={help ? helpId : undefined} className={FIELD}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {help && (
        <span id={helpId} className="mt-1 block text-[12px] text-neutral-500">
          {help}
        </span>
      )}
    </label>
  );
}

/** A moment in the app's language (never the browser's), e.g. vi "08:05 7 thg 12, 2026". */
export function formatTime(seconds: number): string {
  if (seconds <= 0) return '—';
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(seconds * 1000),
  );
}
