// The card shown while recording: elapsed seconds and whether releasing sends or cancels.
import { useEffect, useState } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { MicIcon } from './composer-icons';

export function RecordingOverlay({ cancelling }: { cancelling: boolean }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center">
      <div
        role="status"
        className="flex size-40 flex-col items-center justify-center gap-2 rounded-xl bg-black/70 text-white"
      >
        <span className="scale-150 animate-pulse">
          <MicIcon />
        </span>
        <span className="mt-2 text-[20px] tabular-nums">{seconds}″</span>
        <span className={`rounded px-2 py-0.5 text-[13px] ${cancelling ? 'bg-danger' : ''}`}>
          {cancelling ? t('chat.voice.releaseToCancel') : t('chat.voice.slideToCancel')}
        </span>
      </div>
    </div>
  );
}
