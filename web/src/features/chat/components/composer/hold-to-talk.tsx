// "Hold to talk": press to record, release to send, slide up to cancel. Under a second is too
// short; at the 60 s limit the recording is sent as if released.
import { useEffect, useRef, useState } from 'react';

import { hideToast, showToast } from '@web/components/ui/toast';
import { useTranslation } from '@web/lib/i18n';

import { RecordingOverlay } from './recording-overlay';
import { RecordingFailure, toWav, VoiceRecording } from './voice-recording';

const CANCEL_SLIDE_PX = 60;
const MIN_MS = 1000;
const MAX_MS = 60_000;

type Phase = 'idle' | 'recording' | 'cancelling';

export function HoldToTalk({ onRecorded }: { onRecorded: (wav: Blob, seconds: number) => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const recording = useRef<VoiceRecording | null>(null);
  const pressed = useRef(false);
  const startY = useRef(0);

  const fail = (error: unknown) =>
    showToast(t(error instanceof RecordingFailure ? error.key : 'error.recordingFailed'));

  const finish = async (cancel: boolean) => {
    pressed.current = false;
    setPhase('idle');
    const rec = recording.current;
    recording.current = null;
    if (!rec) return;
    if (cancel) return rec.cancel();
    const heldMs = Date.now() - rec.startedAt;
    const recorded = await rec.stop();
    if (heldMs < MIN_MS) return showToast(t('chat.voice.tooShort'));
    try {
      const { wav, seconds } = await toWav(recorded);
      if (seconds < 1) showToast(t('chat.voice.tooShort'));
      else onRecorded(wav, seconds);
    } catch (error) {
      fail(error);
    }
  };

  const onPointerDown = (e: React.PointerEvent<HTMLButtonElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pressed.current = true;
    startY.current = e.clientY;
    // A "too short" from the last try would sit on top of the recording overlay.
    hideToast();
    setPhase('recording');
    VoiceRecording.start().then(
      (rec) => {
        // Released while the browser was still asking for the microphone.
        if (!pressed.current) return rec.cancel();
        recording.current = rec;
      },
      (error: unknown) => {
        pressed.current = false;
        setPhase('idle');
        fail(error);
      },
    );
  };

  const onPointerMove = (e: React.PointerEvent) => {
    if (pressed.current) setPhase(startY.current - e.clientY > CANCEL_SLIDE_PX ? 'cancelling' : 'recording');
  };

  // The limit: send what there is, as a release would. Restarts only when a recording starts.
  const active = phase !== 'idle';
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void finish(false), MAX_MS);
    return () => clearTimeout(timer);
    // Not on `finish`, a new function each render: the limit would restart with every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  return (
    <>
      <button
        type="button"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => void finish(phase === 'cancelling')}
        onPointerCancel={() => void finish(true)}
        onContextMenu={(e) => e.preventDefault()}
        className={`h-10 min-w-0 flex-1 touch-none rounded-[4px] text-[16px] font-medium select-none ${phase === 'idle' ? 'bg-white text-neutral-800' : 'bg-neutral-300 text-neutral-700'}`}
      >
        {phase === 'idle' ? t('chat.voice.hold') : t('chat.voice.release')}
      </button>
      {phase !== 'idle' && <RecordingOverlay cancelling={phase === 'cancelling'} />}
    </>
  );
}
