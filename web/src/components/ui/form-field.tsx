// A labelled text input row for the login, registration and security forms: the label on its own
// line above the input (beside it, "New account's code" or "Xác nhận mật khẩu" broke over two
// lines at 390 px), and `action` at the end of the input's line (e.g. a send-code button).
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  action?: ReactNode;
}

export function FormField({ label, action, id, ...input }: FormFieldProps) {
  const inputId = id ?? input.name;
  return (
    <div className="border-b border-neutral-200 pt-2.5 pb-1.5 focus-within:border-brand-dark">
      <label htmlFor={inputId} className="block truncate text-[13px] leading-5 text-neutral-600">
        {label}
      </label>
      <div className="flex min-h-10 items-center gap-3">
        <input
          id={inputId}
          {...input}
          className="min-w-0 flex-1 bg-transparent py-1.5 text-[16px] outline-none placeholder:text-neutral-400"
        />
        {action}
      </div>
    </div>
  );
}
