// The emoji panel's skin-tone choice: a hand in the current tone that opens the six tones.
import { useState } from 'react';

import { useTranslation } from '@web/lib/i18n';

const HANDS = ['✋', '✋🏻', '✋🏼', '✋🏽', '✋🏾', '✋🏿'];
const TONE_KEYS = ['default', 'light', 'mediumLight', 'medium', 'mediumDark', 'dark'] as const;

export function SkinTonePicker({ tone, onChange }: { tone: number; onChange: (tone: number) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        aria-label={t('chat.emoji.skinTone')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex size-8 items-center justify-center rounded-md font-emoji text-[20px] active:bg-black/10"
      >
        {HANDS[tone]}
      </button>
      {open && (
        <div
          role="radiogroup"
          aria-label={t('chat.emoji.skinTone')}
          className="absolute top-9 right-0 z-10 flex rounded-lg bg-white p-1 shadow-lg"
        >
          {TONE_KEYS.map((key, i) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={i === tone}
              aria-label={t(`chat.emoji.tone.${key}`)}
              onClick={() => {
                onChange(i);
                setOpen(false);
              }}
              className={`flex size-9 items-center justify-center rounded-md font-emoji text-[22px] ${i === tone ? 'bg-[#e6e6e6]' : ''}`}
            >
              {HANDS[i]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
