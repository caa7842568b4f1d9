// Choosing the square of a picture that becomes the avatar: drag (or the arrow keys) to move it,
// the slider (or + and −) to zoom. "Use" draws the square on a canvas, at most 512 px a side,
// and hands back a WebP (JPEG where the browser cannot make WebP).
import {
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type SetStateAction,
  useEffect,
  useRef,
  useState,
} from 'react';

import { Modal, ModalTitle } from '@web/components/ui/modal';
import { useTranslation } from '@web/lib/i18n';
import { useObjectUrl } from '@web/lib/use-object-url';

import {
  centredOffset,
  clampOffset,
  type CropView,
  drawCrop,
  encodeCrop,
  scaleOf,
  ZOOM_MAX,
  zoomTo,
} from '../utils/crop';

const VIEW = 280;
const KEY_STEP = 10;
const ZOOM_STEP = 0.1;

interface AvatarCropDialogProps {
  file: File;
  onCropped: (picture: Blob) => void;
  onCancel: () => void;
}

export function AvatarCropDialog({ file, onCropped, onCancel }: AvatarCropDialogProps) {
  const { t } = useTranslation();
  const url = useObjectUrl(file);
  const [crop, setCrop] = useState<CropView | null>(null);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  const viewport = useRef<HTMLDivElement>(null);

  // After the file picker has handed focus back to the page (it may do so after this mounts).
  useEffect(() => {
    const timer = setTimeout(() => viewport.current?.focus());
    return () => clearTimeout(timer);
  }, []);

  const loaded = () => {
    const img = image.current;
    if (!img?.naturalWidth || !img.naturalHeight) return setFailed(true);
    const natural = { width: img.naturalWidth, height: img.naturalHeight };
    setCrop({ natural, view: VIEW, zoom: 1, offset: centredOffset(natural, VIEW) });
  };

  const { zoom, handlers } = useCropGestures(crop, setCrop);

  const use = async () => {
    if (!crop || !image.current) return;
    const canvas = document.createElement('canvas');
    const picture = drawCrop(canvas, image.current, crop) ? await encodeCrop(canvas) : null;
    if (picture) onCropped(picture);
    else setFailed(true);
  };

  const scale = crop ? scaleOf(crop.natural, crop.view, crop.zoom) : 1;
  return (
    <Modal
      onClose={onCancel}
      backdropClassName="fixed inset-0 z-40 flex items-center justify-center bg-black/70 px-4"
      className="w-full max-w-[340px] rounded-xl bg-white p-5"
    >
      <ModalTitle className="text-center text-[17px] font-medium text-black">{t('profile.cropTitle')}</ModalTitle>
      <div
        ref={viewport}
        tabIndex={0}
        role="group"
        aria-label={t('profile.cropArea')}
        {...handlers}
        style={{ width: VIEW, height: VIEW }}
        className="relative mx-auto mt-4 touch-none overflow-hidden rounded-md bg-neutral-900 outline-none focus-visible:ring-4 focus-visible:ring-brand/60"
      >
        {url && (
          <img
            ref={image}
            src={url}
            alt=""
            draggable={false}
            onLoad={loaded}
            onError={() => setFailed(true)}
            style={
              crop
                ? {
                    width: crop.natural.width * scale,
                    height: crop.natural.height * scale,
                    transform: `translate(${crop.offset.x}px, ${crop.offset.y}px)`,
                  }
                : { opacity: 0 }
            }
            className="absolute top-0 left-0 max-w-none origin-top-left select-none"
          />
        )}
        {/* The square that becomes the avatar is the whole viewport; a ring shows its edge. */}
        <span aria-hidden="true" className="pointer-events-none absolute inset-0 ring-2 ring-white/80 ring-inset" />
      </div>
      <p className="mt-2 text-center text-[13px] text-neutral-600">{t('profile.cropHint')}</p>
      <label className="mt-3 flex items-center gap-3 text-[14px] text-neutral-800">
        <span>{t('profile.cropZoom')}</span>
        <input
          type="range"
          min={1}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={crop?.zoom ?? 1}
          disabled={!crop}
          onChange={(e) => zoom(Number(e.target.value))}
          className="flex-1 accent-brand"
        />
      </label>
      {failed && (
        <p role="alert" className="mt-3 text-center text-[14px] text-danger">
          {t('profile.cropFailed')}
        </p>
      )}
      <div className="mt-5 flex gap-3">
        <button
          type="button"
          onClick={onCancel}
          className="h-11 flex-1 rounded-lg border border-neutral-300 text-[16px] text-neutral-800 active:bg-neutral-100"
        >
          {t('common.cancel')}
        </button>
        <button
          type="button"
          onClick={() => void use()}
          disabled={!crop || failed}
          className="h-11 flex-1 rounded-lg bg-brand-dark text-[16px] font-medium text-white active:bg-brand-darker disabled:bg-brand/50"
        >
          {t('profile.cropUse')}
        </button>
      </div>
    </Modal>
  );
}

/** Moving the picture by drag or arrow keys, zooming by + and −: the viewport's handlers, and zoom for the slider. */
function useCropGestures(crop: CropView | null, setCrop: Dispatch<SetStateAction<CropView | null>>) {
  const drag = useRef<{ x: number; y: number } | null>(null);
  const moveBy = (dx: number, dy: number) =>
    setCrop((c) => c && { ...c, offset: clampOffset({ ...c, offset: { x: c.offset.x + dx, y: c.offset.y + dy } }) });
  const zoom = (value: number) => setCrop((c) => c && zoomTo(c, value));

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_STEP, 0],
      ArrowRight: [-KEY_STEP, 0],
      ArrowUp: [0, KEY_STEP],
      ArrowDown: [0, -KEY_STEP],
    };
    const move = moves[event.key];
    if (move) moveBy(...move);
    else if (event.key === '+' || event.key === '=') zoom((crop?.zoom ?? 1) + ZOOM_STEP);
    else if (event.key === '-') zoom((crop?.zoom ?? 1) - ZOOM_STEP);
    else return;
    event.preventDefault();
  };

  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current) return;
    moveBy(event.clientX - drag.current.x, event.clientY - drag.current.y);
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  return {
    zoom,
    handlers: { onKeyDown, onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag },
  };
}
