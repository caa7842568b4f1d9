// The scanner: the back camera with a live decode loop, and "Choose a picture" for a saved QR
// code (or when the camera is denied or missing). A Parley card link opens that person's page;
// anything else is named as not ours and scanning goes on. The camera stops on leaving.
import { type ChangeEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { useTranslation } from '@web/lib/i18n';

import { decodeImageFile, getDecoder } from '../utils/decode-image';
import { scanTarget } from '../utils/scan-link';

type Camera = 'starting' | 'on' | 'denied' | 'unavailable';

/** Time between two reads of the camera picture. */
export const SCAN_INTERVAL_MS = 250;

export function QrScanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [message, setMessage] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const rejected = useRef<string | null>(null);
  const done = useRef(false);

  const stopCamera = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  /** Answers whether the text led somewhere (then scanning ends). */
  const handle = useCallback(
    (text: string): boolean => {
      const target = scanTarget(text);
      if (target) {
        done.current = true;
        stopCamera();
        void navigate(target);
        return true;
      }
      // The same foreign code stays in view for many frames: say so once.
      if (rejected.current !== text) {
        rejected.current = text;
        setMessage(t('scan.notParley'));
      }
      return false;
    },
    [navigate, stopCamera, t],
  );

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setCamera('unavailable');
      try {
        const media = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        if (!live) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        const element = video.current!;
        element.srcObject = media;
        await element.play().catch(() => undefined);
        setCamera('on');
        const decode = await getDecoder();
        const tick = async () => {
          if (!live || done.current) return;
          const text = element.readyState >= 2 ? await decode(element).catch(() => null) : null;
          if (live && !(text && handle(text))) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
        };
        void tick();
      } catch (error) {
        if (!live) return;
        const name = error instanceof DOMException ? error.name : '';
        setCamera(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
      }
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
      stopCamera();
    };
  }, [handle, stopCamera]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReading(true);
    setMessage(null);
    rejected.current = null;
    const text = await decodeImageFile(file).catch(() => null);
    setReading(false);
    if (text === null) setMessage(t('scan.noCode'));
    else handle(text);
  };

  return (
    <div className="flex flex-col items-center px-4 pt-4 pb-8">
      <Viewfinder camera={camera} video={video} />
      <p className="mt-4 text-center text-[14px] text-neutral-600">
        {camera === 'on' ? t('scan.hint') : t('scan.pictureHint')}
      </p>
      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-center text-[15px] font-medium text-danger">
        {message ?? ''}
      </p>
      <button
        type="button"
        onClick={() => fileInput.current?.click()}
        disabled={reading}
        className="mt-4 h-12 w-full max-w-[360px] rounded-lg bg-brand-dark text-[17px] font-medium text-white active:bg-brand-darker disabled:bg-brand/50"
      >
        {reading ? t('scan.reading') : t('scan.choosePicture')}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-label={t('scan.choosePicture')}
        onChange={(event) => void pick(event)}
      />
    </div>
  );
}

/** The camera's picture with its aiming frame, or what stands in for it (starting, denied, none). */
function Viewfinder({ camera, video }: { camera: Camera; video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useTranslation();
  return (
    <div className="relative aspect-square w-full max-w-[360px] overflow-hidden rounded-xl bg-neutral-900">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scan.cameraView')}
        className={`h-full w-full object-cover ${camera === 'on' ? '' : 'hidden'}`}
      />
      {camera === 'on' && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-[15%] rounded-lg border-2 border-white/80"
        />
      )}
      {camera !== 'on' && (
        <p
          role={camera === 'starting' ? 'status' : 'alert'}
          className="absolute inset-0 flex items-center justify-center px-6 text-center text-[15px] text-white"
        >
          {camera === 'starting'
            ? t('scan.starting')
            : camera === 'denied'
              ? t('error.cameraDenied')
              : t('scan.noCamera')}
        </p>
      )}
    </div>
  );
}
