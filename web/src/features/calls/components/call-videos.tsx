// The two pictures of a video call: the other person full-screen, mine as a small preview (a tap
// swaps them). In a voice call the remote stream still plays, through a hidden element. On a wide
// screen the other person's picture is shown whole (letterboxed): a 16:9 camera cropped to fill
// a tall frame would lose most of it.
import { useEffect, useRef } from 'react';

import { useTranslation } from '@web/lib/i18n';

function useStream(stream: MediaStream | null, version: number) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !stream) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    // A track added later (camera turned on) needs a play() on some browsers.
    void el.play?.()?.catch(() => undefined);
  }, [stream, version]);
  return ref;
}

interface CallVideosProps {
  remote: MediaStream | null;
  local: MediaStream | null;
  version: number;
  /** The other person's picture is there to show (a video call under way, or their camera turned on). */
  showRemote: boolean;
  /** My camera is on. */
  showLocal: boolean;
  swapped: boolean;
  onSwap: () => void;
  /** Where remote audio goes (setSinkId), when the browser lets us choose. */
  sinkId?: string;
  /** A wide screen: the big picture is fitted whole instead of cropped to fill. */
  wide?: boolean;
}

const BIG = 'absolute inset-0 h-full w-full object-cover';
const BIG_WHOLE = 'absolute inset-0 h-full w-full object-contain';
const SMALL = 'absolute right-3 top-14 z-10 h-40 w-28 rounded-lg object-cover shadow-lg lg:h-48 lg:w-32';

export function CallVideos({
  remote,
  local,
  version,
  showRemote,
  showLocal,
  swapped,
  onSwap,
  sinkId,
  wide = false,
}: CallVideosProps) {
  const { t } = useTranslation();
  const remoteRef = useStream(remote, version);
  const localRef = useStream(local, version);
  useEffect(() => {
    const el = remoteRef.current as (HTMLVideoElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (el?.setSinkId && sinkId !== undefined) void el.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId, remoteRef]);
  const both = showRemote && showLocal;
  // Alone, my camera fills the screen (while it rings); with theirs, one is the small preview.
  const localBig = showLocal && (!showRemote || swapped);
  const big = wide ? BIG_WHOLE : BIG;
  return (
    <>
      <video
        ref={remoteRef}
        data-testid="remote-video"
        autoPlay
        playsInline
        className={showRemote ? (both && swapped ? SMALL : big) : 'hidden'}
      />
      {/* Muted: my own voice must not play back to me. Mirrored, as people expect of themselves. */}
      <video
        ref={localRef}
        data-testid="local-video"
        autoPlay
        playsInline
        muted
        className={showLocal ? `${localBig ? big : SMALL} -scale-x-100` : 'hidden'}
      />
      {both && (
        <button
          type="button"
          onClick={onSwap}
          aria-label={t('call.controls.swap')}
          className="absolute right-3 top-14 z-20 h-40 w-28 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-white lg:h-48 lg:w-32"
        />
      )}
    </>
  );
}
