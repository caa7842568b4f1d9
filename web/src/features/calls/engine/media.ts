// getUserMedia for a call: audio with echo cancellation, the camera only for video. A refusal
// comes back as a MediaError the call screen can explain (how to allow it in the browser).
import type { MediaFailure } from '../state/call-machine';

export class MediaError extends Error {
  constructor(
    readonly failure: MediaFailure,
    readonly device: 'camera' | 'microphone',
  ) {
    super(`${device}: ${failure}`);
    this.name = 'MediaError';
  }
}

export function mediaFailureOf(error: unknown): MediaFailure {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'notFound';
  return 'other';
}

export async function getMedia({
  audio,
  video,
  facing,
}: {
  audio: boolean;
  video: boolean;
  facing: 'user' | 'environment';
}): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaError('notFound', video ? 'camera' : 'microphone');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: audio ? { echoCancellation: true, noiseSuppression: true, autoGainControl: true } : false,
      video: video ? { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } } : false,
    });
  } catch (error) {
    throw new MediaError(mediaFailureOf(error), video ? 'camera' : 'microphone');
  }
}

/** Whether there are two cameras to switch between (labels need no permission for the count). */
export async function cameraCount(): Promise<number> {
  const devices = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
  return devices.filter((d) => d.kind === 'videoinput').length;
}
