// How much of a text box's limit is used ("12/30 characters"), shown as the person types so the
// limit is never a silent cut; it turns red when the box is full. Counted as the server counts.
import { useTranslation } from '@web/lib/i18n';

export function CharCount({ id, used, max }: { id: string; used: number; max: number }) {
  const { t } = useTranslation();
  const full = used >= max;
  return (
    <p id={id} className={`mt-1 text-right text-[12px] ${full ? 'text-danger' : 'text-neutral-500'}`}>
      {t(full ? 'groups.charFull' : 'groups.charCount', { used, max })}
    </p>
  );
}
