// Over any screen of a signed-in user: an incoming call (the caller, the kind of call, Accept and
// Decline), a bar back to a call going on while the user looks at another page, and for the moment
// an ended call is shown, how it ended ("Answered on another device", "Missed call"…). The call
// screen shows all of these itself, so none appears there.
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { Avatar } from '@web/components/ui/avatar';
import { PATHS } from '@web/config/paths';
import { useTranslation } from '@web/lib/i18n';

import { useCall } from '../hooks/use-call';
import { callStore } from '../state/call-store';
import { callPath } from '../utils/call-path';
import { endText } from '../utils/call-texts';
import { acceptCall } from '../utils/start-call';
import { CameraIcon, HangupIcon, PhoneIcon } from './call-icons';

export function IncomingCallOverlay() {
  const { t } = useTranslation();
  const call = useCall((s) => s.call);
  const onCallScreen = useLocation().pathname === PATHS.call;
  if (onCallScreen || call.phase === 'idle') return null;
  if (call.phase === 'ended')
    return <EndedCard name={call.call.peer.name} avatar={call.call.peer.avatar} text={endText(call.why, t)} />;
  if (call.phase === 'incoming')
    return <IncomingCard name={call.call.peer.name} avatar={call.call.peer.avatar} video={call.call.video} />;
  return <OngoingBar to={callPath(call.call)} />;
}

function IncomingCard({ name, avatar, video }: { name: string; avatar: string; video: boolean }) {
  const { t } = useTranslation();
  const accept = useRef<HTMLButtonElement>(null);
  // Keyboard users land on Accept, unless they are typing somewhere (a key meant for the text
  // must not answer the call). Escape inside declines.
  useEffect(() => {
    const active = document.activeElement;
    const typing =
      active instanceof HTMLElement && (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
    if (!typing) accept.current?.focus();
  }, []);
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 flex justify-center p-3 lg:top-4"
      onKeyDown={(e) => e.key === 'Escape' && callStore.decline()}
    >
      <div
        role="dialog"
        aria-modal="false"
        aria-label={t('call.incoming.label', { name })}
        className="flex w-full max-w-md items-center gap-3 rounded-2xl bg-neutral-900/95 p-4 text-white shadow-2xl"
      >
        <Avatar name={name} src={avatar || undefined} size={52} round />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[17px] font-medium">{name}</p>
          <p className="flex items-center gap-1 text-[13px] text-neutral-300">
            {video ? <CameraIcon size={16} /> : <PhoneIcon size={16} />}
            {video ? t('call.incoming.video') : t('call.incoming.voice')}
          </p>
        </div>
        <button
          type="button"
          onClick={() => callStore.decline()}
          aria-label={t('call.incoming.decline')}
          className="flex size-12 items-center justify-center rounded-full bg-red-500 text-white outline-none focus-visible:ring-2 focus-visible:ring-white active:bg-red-600"
        >
          <HangupIcon />
        </button>
        <button
          ref={accept}
          type="button"
          onClick={acceptCall}
          aria-label={t('call.incoming.accept')}
          className="flex size-12 items-center justify-center rounded-full bg-green-500 text-white outline-none focus-visible:ring-2 focus-visible:ring-white active:bg-green-600"
        >
          {video ? <CameraIcon /> : <PhoneIcon />}
        </button>
      </div>
    </div>
  );
}

/** The ringing card's place, for the two seconds the store shows an ended call. */
function EndedCard({ name, avatar, text }: { name: string; avatar: string; text: string }) {
  return (
    <div className="fixed inset-x-0 top-0 z-50 flex justify-center p-3 lg:top-4">
      <div
        role="status"
        className="flex w-full max-w-md items-center gap-3 rounded-2xl bg-neutral-900/95 p-4 text-white shadow-2xl"
      >
        <Avatar name={name} src={avatar || undefined} size={52} round />
        <div className="min-w-0 flex-1">
          <p className="truncate text-[17px] font-medium">{name}</p>
          <p className="text-[13px] text-neutral-300">{text}</p>
        </div>
      </div>
    </div>
  );
}

function OngoingBar({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => void navigate(to)}
      className="fixed inset-x-0 top-0 z-50 flex h-8 items-center justify-center gap-2 bg-brand-dark text-[13px] text-white"
    >
      <PhoneIcon size={16} />
      {t('call.ongoing')}
    </button>
  );
}
