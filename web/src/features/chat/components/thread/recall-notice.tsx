import { useTranslation } from '@web/lib/i18n';
// A recalled message, shown as a centred notice instead of its content. The person who
// recalled a text from this device may take it back into the composer ("Re-edit"); one an
// operator removed says so.

interface RecallNoticeProps {
  mine: boolean;
  name: string;
  /** An operator removed it (a report): said so, whoever sent it. */
  moderated?: boolean;
  draft: string | null;
  onReedit: (text: string) => void;
}

export function RecallNotice({ mine, name, moderated = false, draft, onReedit }: RecallNoticeProps) {
  const { t } = useTranslation();
  if (moderated)
    return <p className="px-8 py-2 text-center text-[12px] text-neutral-500">{t('chat.recall.moderated')}</p>;
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
