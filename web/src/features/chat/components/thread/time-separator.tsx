// The time label between messages far apart, in the relative style the spec sets.
import { useTranslation } from '@web/lib/i18n';
import { formatMessageTime } from '@web/utils/message-time';

export function TimeSeparator({ sendTime, now }: { sendTime: number; now: number }) {
  const { t } = useTranslation();
  return (
    <p className="py-2.5 text-center">
      <span className="rounded-[3px] px-1.5 py-0.5 text-[12px] text-neutral-400">
        {formatMessageTime(new Date(sendTime), new Date(now), t)}
      </span>
    </p>
  );
}
