// The call page: dialing (ring-back, the 40 s countdown), ringing (accept/decline), the call
// itself (pictures or the avatar, controls, the duration) and its outcome for a moment. Its root
// carries the phase in data-call-phase (the browser tests read it). Phone-first; on a wide screen
// (`wide`, from 1024 px) the call fills the window, the other person's picture shown whole, and
// there is no speaker/earpiece choice (a computer has no earpiece).
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { callDuration } from '@protocol/calls';
import { Avatar } from '@web/components/ui/avatar';
import { showDialog } from '@web/components/ui/dialog';
import { PATHS } from '@web/config/paths';
import { type TFunction, useTranslation } from '@web/lib/i18n';

import { useCall, useSecondClock } from '../hooks/use-call';
import { useCallDevices } from '../hooks/use-call-devices';
import type { CallState } from '../state/call-machine';
import type { CallSnapshot } from '../state/call-snapshot';
import { callStore } from '../state/call-store';
import { callPath } from '../utils/call-path';
import { endText } from '../utils/call-texts';
import { acceptCall } from '../utils/start-call';
import { InCallControls, RingingControls } from './call-controls';
import { MicIcon, MinimiseIcon } from './call-icons';
import { CallVideos } from './call-videos';

function statusLine(call: CallState, now: number, t: TFunction): string {
  switch (call.phase) {
    case 'dialing':
      // "Ringing…" once the server says their device rings (the call has its record), as phones say it.
      return call.call.msgId > 0 ? t('call.phase.ringing') : t('call.phase.dialing');
    case 'incoming':
      return call.call.video ? t('call.incoming.video') : t('call.incoming.voice');
    case 'connecting':
      return t('call.phase.connecting');
    case 'active':
      return callDuration((now - call.startedAt) / 1000);
    case 'ended':
      return call.callTime > 0 ? `${endText(call.why, t)} · ${callDuration(call.callTime)}` : endText(call.why, t);
    default:
      return '';
  }
}

function mediaHelp(media: NonNullable<CallSnapshot['media']>, t: TFunction): string {
  if (media.failure === 'denied')
    return media.device === 'camera' ? t('call.media.deniedCamera') : t('call.media.deniedMicrophone');
  return media.failure === 'notFound' ? t('call.media.notFound') : t('call.media.other');
}

export function CallScreen({
  peerName,
  peerAvatar,
  wide = false,
}: {
  peerName: string;
  peerAvatar: string;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snapshot = useCall((s) => s);
  const { call, engine, version, media } = snapshot;
  const now = useSecondClock(call.phase === 'dialing' || call.phase === 'active');
  const [swapped, setSwapped] = useState(false);
  const devices = useCallDevices(engine);
  const location = useLocation();
  // Opened directly (a reload): there is nothing to go back to but the home page.
  const leave = useCallback(
    () => void (location.key === 'default' ? navigate(PATHS.home, { replace: true }) : navigate(-1)),
    [location.key, navigate],
  );

  // Once the call is over (or there was none: a reload of this page), back to where it started.
  useEffect(() => {
    if (call.phase === 'idle') leave();
  }, [call.phase, leave]);
  useEffect(() => {
    if (media) void showDialog(mediaHelp(media, t));
  }, [media, t]);
  useEffect(() => {
    if (call.phase === 'ended' && call.why === 'unreachable') void showDialog(t('call.unreachable'));
  }, [call, t]);

  const info = call.phase === 'idle' ? null : call.call;
  // The caller's page opens before the server answers: once the record exists, its address names it.
  const recordId = info?.msgId ?? 0;
  useEffect(() => {
    if (!info || recordId <= 0 || new URLSearchParams(location.search).get('msg_id') === String(recordId)) return;
    void navigate(callPath(info), { replace: true });
  }, [info, recordId, location.search, navigate]);
  const name = info?.peer.name ?? peerName;
  const avatar = info?.peer.avatar ?? peerAvatar;
  const live = call.phase === 'connecting' || call.phase === 'active';
  const showRemote =
    live && !engine?.peerCameraOff && (engine?.remote.getVideoTracks().some((track) => !track.muted) ?? false);
  const peerMuted = live && Boolean(engine?.peerMuted);
  const showLocal = call.phase !== 'ended' && call.phase !== 'idle' && Boolean(engine?.cameraOn);
  // In a call with pictures the name and time sit small at the top; otherwise the avatar shows.
  const pictures = showRemote || showLocal;
  return (
    <div data-call-phase={call.phase} className="fixed inset-0 z-40 flex items-center justify-center bg-black">
      <section
        aria-label={t('call.title')}
        className="relative flex h-dvh w-full flex-col overflow-hidden bg-neutral-900 text-white"
      >
        <CallVideos
          remote={engine?.remote ?? null}
          local={engine?.local ?? null}
          version={version}
          showRemote={showRemote}
          showLocal={showLocal}
          swapped={swapped}
          onSwap={() => setSwapped((s) => !s)}
          sinkId={devices.sinkId}
          wide={wide}
        />
        <button
          type="button"
          onClick={leave}
          aria-label={t('call.controls.minimise')}
          className="absolute left-2 top-2 z-20 flex size-11 items-center justify-center rounded-full text-white/90 active:bg-white/10"
        >
          <MinimiseIcon />
        </button>
        <div className={`relative z-10 flex flex-col items-center gap-3 px-6 ${pictures ? 'pt-4' : 'pt-24'}`}>
          {!pictures && <Avatar name={name} src={avatar || undefined} size={96} round />}
          <h1 className="max-w-full truncate text-[22px] font-medium [text-shadow:0_1px_3px_rgb(0_0_0/0.6)]">{name}</h1>
          {/* A ticking clock is a timer (not read aloud each second); phase changes are a status. */}
          <p
            role={call.phase === 'dialing' || call.phase === 'active' ? 'timer' : 'status'}
            className="text-[15px] text-white/80 tabular-nums [text-shadow:0_1px_3px_rgb(0_0_0/0.6)]"
          >
            {statusLine(call, now, t)}
          </p>
          {/* What the other side said on the call's data channel: silence alone would not tell. */}
          <p role="status" className="min-h-5 text-[13px] text-white/90 [text-shadow:0_1px_3px_rgb(0_0_0/0.6)]">
            {peerMuted && (
              <span className="inline-flex items-center gap-1 rounded-full bg-black/40 px-2.5 py-0.5">
                <MicIcon off size={14} />
                {t('call.peerMuted', { name })}
              </span>
            )}
          </p>
        </div>
        <div className="relative z-10 mt-auto pb-[max(2.5rem,env(safe-area-inset-bottom))]">
          {call.phase === 'incoming' && (
            <RingingControls video={call.call.video} onAccept={acceptCall} onDecline={callStore.decline} />
          )}
          {(call.phase === 'dialing' || call.phase === 'connecting' || call.phase === 'active') && (
            <InCallControls
              dialing={call.phase === 'dialing'}
              muted={engine?.muted ?? false}
              cameraOn={engine?.cameraOn ?? false}
              canSwitchCamera={devices.cameras > 1}
              speaker={wide ? null : devices.speaker}
              onMute={() => engine?.setMuted(!engine.muted)}
              onCamera={() => void engine?.setCamera(!engine.cameraOn)}
              onSwitchCamera={() => void engine?.switchCamera()}
              onSpeaker={devices.toggleSpeaker}
              onHangup={callStore.hangup}
            />
          )}
        </div>
      </section>
    </div>
  );
}
