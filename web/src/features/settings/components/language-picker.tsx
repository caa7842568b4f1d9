// Choosing the UI language; it applies at once and is remembered for the next start.
import { ListGroup } from '@web/components/ui/list-row';
import { changeLanguage, currentLanguage, LANGUAGES, useTranslation } from '@web/lib/i18n';

export function LanguagePicker() {
  const { t } = useTranslation();
  const selected = currentLanguage();
  return (
    <ListGroup title={t('setting.language')}>
      <div role="radiogroup" aria-label={t('setting.language')} className="divide-y divide-neutral-100">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            role="radio"
            aria-checked={language === selected}
            onClick={() => void changeLanguage(language)}
            className="flex min-h-14 w-full items-center bg-white px-4 text-left text-[16px] active:bg-neutral-100"
          >
            <span className="flex-1" lang={language}>
              {t(`language.${language}`)}
            </span>
            {language === selected && (
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                className="text-brand"
                aria-hidden="true"
              >
                <path d="M5 12.5l4.5 4.5L19 7.5" />
              </svg>
            )}
          </button>
        ))}
      </div>
    </ListGroup>
  );
}
