import { useTranslation } from '../../lib/i18n';
// The rounded search field used above lists: a magnifier, the input and a clear button.

interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoFocus?: boolean;
}

export function SearchInput({ value, onChange, placeholder, autoFocus }: SearchInputProps) {
  const { t } = useTranslation();
  return (
    <label className="flex h-9 flex-1 items-center gap-2 rounded-md bg-white px-3 text-neutral-400 focus-within:ring-2 focus-within:ring-brand/50">
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <circle cx="11" cy="11" r="6.5" />
        <path d="m20 20-4.2-4.2" />
      </svg>
      <input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        autoFocus={autoFocus}
        enterKeyHint="search"
        maxLength={100}
        className="min-w-0 flex-1 bg-transparent text-[15px] text-neutral-900 outline-none placeholder:text-neutral-400 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={t('search.clear')}
          className="flex h-4 w-4 items-center justify-center rounded-full bg-neutral-400 text-[11px] leading-none text-white"
        >
          ×
        </button>
      )}
    </label>
  );
}
