// The call's buttons: accept/decline while it rings for me; otherwise microphone, camera, switch
// camera (with two cameras), speaker/earpiece (where the browser can choose; a phone's choice, so
// not on a wide screen) and hang up. Every switch says "on" the same way: white when what it
// controls is live (microphone open, camera on, loudspeaker), its icon crossed out when it is off.
import type { ReactNode } from 'react';

import { useTranslation } from '@web/lib/i18n';

import { CameraIcon, HangupIcon, MicIcon, PhoneIcon, SpeakerIcon, SwitchCameraIcon } from './call-icons';

/** `on`: what the switch controls is live, shown white (its label already says what a press does, so no aria-pressed; data-on is for tests). */
function RoundButton({
  label,
  onClick,
  tone = 'glass',
  on = false,
  children,
}: {
  label: string;
  onClick: () => void;
  tone?: 'glass' | 'red' | 'green';
  on?: boolean;
  children: ReactNode;
}) {
  const colour =
    tone === 'red'
      ? 'bg-red-600 text-white active:bg-red-700'
      : tone === 'green'
        ? 'bg-green-600 text-white active:bg-green-700'
        : on
          ? 'bg-white text-neutral-900 active:bg-neutral-200'
          : 'bg-white/20 text-white active:bg-white/30';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      data-on={tone === 'glass' ? String(on) : undefined}
      className={`flex size-14 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-neutral-900 ${colour}`}
    >
      {children}
    </button>
  );
}

export function RingingControls({
  video,
  onAccept,
  onDecline,
}: {
  video: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-around px-10">
      <RoundButton label={t('call.incoming.decline')} tone="red" onClick={onDecline}>
        <HangupIcon />
      </RoundButton>
      <RoundButton label={t('call.incoming.accept')} tone="green" onClick={onAccept}>
        {video ? <CameraIcon /> : <PhoneIcon />}
      </RoundButton>
    </div>
  );
}

export interface InCallControlsProps {
  dialing: boolean;
  muted: boolean;
  cameraOn: boolean;
  canSwitchCamera: boolean;
  /** null: the browser cannot choose the audio output. */
  speaker: boolean | null;
  onMute: () => void;
  onCamera: () => void;
  onSwitchCamera: () => void;
  onSpeaker: () => void;
  onHangup: () => void;
}

export function InCallControls(p: InCallControlsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-6">
      <div className="flex flex-wrap justify-center gap-5">
        <RoundButton
          label={p.muted ? t('call.controls.unmute') : t('call.controls.mute')}
          on={!p.muted}
          onClick={p.onMute}
        >
          <MicIcon off={p.muted} />
        </RoundButton>
        <RoundButton
          label={p.cameraOn ? t('call.controls.cameraOff') : t('call.controls.cameraOn')}
          on={p.cameraOn}
          onClick={p.onCamera}
        >
          <CameraIcon off={!p.cameraOn} />
        </RoundButton>
        {p.canSwitchCamera && p.cameraOn && (
          <RoundButton label={t('call.controls.switchCamera')} onClick={p.onSwitchCamera}>
            <SwitchCameraIcon />
          </RoundButton>
        )}
        {p.speaker !== null && (
          <RoundButton
            label={p.speaker ? t('call.controls.earpiece') : t('call.controls.speaker')}
            on={p.speaker}
            onClick={p.onSpeaker}
          >
            <SpeakerIcon loud={p.speaker} />
          </RoundButton>
        )}
      </div>
      <RoundButton
        label={p.dialing ? t('call.controls.cancel') : t('call.controls.hangup')}
        tone="red"
        onClick={p.onHangup}
      >
        <HangupIcon />
      </RoundButton>
    </div>
  );
}
