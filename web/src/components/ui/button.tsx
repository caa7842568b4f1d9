// The primary full-width action button (brand green), disabled while busy.
import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-dark text-white active:bg-brand-darker disabled:bg-brand/50',
  danger: 'bg-white text-danger active:bg-neutral-100',
};

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type="button"
      {...props}
      className={`h-12 w-full rounded-lg text-[17px] font-medium transition-colors ${VARIANTS[variant]} ${className}`}
    />
  );
}
