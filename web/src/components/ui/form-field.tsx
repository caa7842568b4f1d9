// A labelled text input row for the login and registration forms; `action` sits at the end
// of the row (e.g. a send-code button).
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  action?: ReactNode;
}

export function FormField({ label, action, id, ...input }: FormFieldProps) {
  const inputId = id ?? input.name;
  return (
    <div className="flex items-center gap-3 border-b border-neutral-200 py-3.5 focus-within:border-brand-dark">
      <label htmlFor={inputId} className="w-24 shrink-0 text-[16px] text-neutral-900">{label}</label>
      <input id={inputId} {...input}
        className="min-w-0 flex-1 bg-transparent text-[16px] outline-none placeholder:text-neutral-400" />
      {action}
    </div>
  );
}
