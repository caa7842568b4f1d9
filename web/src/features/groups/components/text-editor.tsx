// An inline editor for one text (the group's name, its announcement): a labelled box with
// Save and Cancel and how much of the limit is used; Save stays off while the text is empty (unless empty clears it), Escape cancels.
import { useId, useState } from 'react';

import { useTranslation } from '@web/lib/i18n';
import { useEscapeKey } from '@web/lib/use-escape-key';

import { CharCount } from './char-count';

interface TextEditorProps {
  label: string;
  initial: string;
  max: number;
  multiline?: boolean;
  /** An empty text may be saved (it clears the value, as a nickname). */
  allowEmpty?: boolean;
  onSave: (text: string) => Promise<unknown>;
  onClose: () => void;
}

export function TextEditor({
  label,
  initial,
  max,
  multiline = false,
  allowEmpty = false,
  onSave,
  onClose,
}: TextEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const countId = useId();
  useEscapeKey(onClose);
  const empty = !allowEmpty && !text.trim();
  const save = async () => {
    setBusy(true);
    try {
      await onSave(text.trim());
      onClose();
    } catch {
      setBusy(false);
    }
  };
  const box = 'mt-1 w-full rounded-md border border-neutral-300 px-3 text-[16px] outline-none focus:border-brand-dark';
  return (
    <form
      className="bg-white px-4 py-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!empty && !busy) void save();
      }}
    >
      <label className="block text-[13px] text-neutral-600">
        {label}
        {multiline ? (
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={max}
            rows={5}
            autoFocus
            aria-describedby={countId}
            className={`${box} py-2`}
          />
        ) : (
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={max}
            autoFocus
            aria-describedby={countId}
            className={`${box} h-10`}
          />
        )}
      </label>
      <CharCount id={countId} used={text.length} max={max} />
      <div className="mt-2 flex justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="h-10 rounded-md border border-neutral-300 px-4 text-[15px] text-neutral-800"
        >
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          disabled={empty || busy}
          className="h-10 rounded-md bg-brand-dark px-4 text-[15px] font-medium text-white disabled:bg-brand/50"
        >
          {t('groups.save')}
        </button>
      </div>
    </form>
  );
}
