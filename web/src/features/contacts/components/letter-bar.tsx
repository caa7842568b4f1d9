// The right-hand index of the address book: the letters that have a section; tapping (or
// sliding a finger over) one scrolls its section into view.
import { useTranslation } from '@web/lib/i18n';

export function LetterBar({ letters, onPick }: { letters: string[]; onPick: (letter: string) => void }) {
  const { t } = useTranslation();
  // While a finger slides along the bar, follow whichever letter is under it.
  const onTouchMove = (e: React.TouchEvent) => {
    const touch = e.touches[0];
    const target = touch && document.elementFromPoint(touch.clientX, touch.clientY);
    const letter = target instanceof HTMLElement ? target.dataset.letter : undefined;
    if (letter) onPick(letter);
  };
  // At the right edge of the phone column, or from 1024 px of the 640 px column beside the 72 px rail (app/tab-layout.tsx).
  return (
    <nav
      aria-label={t('contacts.letterBar')}
      onTouchMove={onTouchMove}
      className="fixed top-1/2 right-[max(0px,calc(50vw-240px))] z-10 lg:right-[calc(50vw-356px)] flex -translate-y-1/2 touch-none flex-col items-center px-1 py-2"
    >
      {letters.map((letter) => (
        <button
          key={letter}
          type="button"
          data-letter={letter}
          onClick={() => onPick(letter)}
          className="flex h-[18px] w-5 items-center justify-center text-[11px] font-medium text-neutral-600 active:rounded-full active:bg-brand-dark active:text-white"
        >
          {letter}
        </button>
      ))}
    </nav>
  );
}
