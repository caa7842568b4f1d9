import { useTranslation } from '@web/lib/i18n';
// A recalled message, shown as a centred notice instead of its content. The person who
// recalled a text from this device may take it back into the composer ("Re-edit").

interface RecallNoticeProps {
  mine: boolean;
  name: string;
  draft: string | null;
  onReedit: (text: string) => void;
}

export function RecallNotice({ mine, name, draft, onReedit }: RecallNoticeProps) {
  const { t } = useTranslation();
  return (
    <p className="px-8 py-2 text-center text-[12px] text-neutral-400">
      {mine ? t('chat.recall.byMe') : t('chat.recall.byOther', { name })}
      {mine && draft !== null && (
        <button type="button" onClick={() => onReedit(draft)} className="ml-1.5 text-[#576b95]">
          {t('chat.recall.reedit')}
        </button>
      )}
    </p>
  );
}
