// Zoom for the photo preview: pinch with two fingers, double-tap (or double-click), Ctrl/⌘ + wheel
// (a trackpad pinch arrives so too) and +/- buttons; dragging moves a zoomed photo. At 1× the
// preview's own gestures (swipe to the next photo, tap to close) apply again.
import { type RefObject, useEffect, useRef, useState } from 'react';

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
const STEP = 1.5;
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_ZOOM = 2.5;

const clamp = (scale: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));

export function usePhotoZoom(area: RefObject<HTMLElement | null>, photoKey: string) {
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(0);
  /** Set by a pinch until the next press: that gesture was not a swipe. */
  const pinched = useRef(false);

  const zoomTo = (scale: number) =>
    setView((v) => (clamp(scale) === 1 ? { scale: 1, x: 0, y: 0 } : { ...v, scale: clamp(scale) }));
  // Another photo starts unzoomed.
  useEffect(() => setView({ scale: 1, x: 0, y: 0 }), [photoKey]);

  // Native and not passive: Ctrl + wheel must not also zoom the whole page.
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      setView((v) => {
        const scale = clamp(v.scale * Math.exp(-e.deltaY / 200));
        return scale === 1 ? { scale, x: 0, y: 0 } : { ...v, scale };
      });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [area]);

  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const photoHandlers = {
    onPointerDown: (e: React.PointerEvent) => {
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.current.size === 1) pinched.current = false;
      if (pointers.current.size === 2) {
        pinch.current = { distance: spread(), scale: view.scale };
        pinched.current = true;
      }
    },
    onPointerMove: (e: React.PointerEvent) => {
      const last = pointers.current.get(e.pointerId);
      if (!last) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch.current && pinch.current.distance > 0)
        zoomTo((pinch.current.scale * spread()) / pinch.current.distance);
      else if (view.scale > 1) setView((v) => ({ ...v, x: v.x + e.clientX - last.x, y: v.y + e.clientY - last.y }));
    },
    onPointerUp: (e: React.PointerEvent) => {
      pointers.current.delete(e.pointerId);
      if (pointers.current.size < 2) pinch.current = null;
    },
    onPointerCancel: (e: React.PointerEvent) => {
      pointers.current.delete(e.pointerId);
      pinch.current = null;
    },
    /** A tap on the photo never closes the preview; two quick ones zoom in, or back out. */
    onClick: (e: React.MouseEvent) => {
      e.stopPropagation();
      const now = Date.now();
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        zoomTo(view.scale > 1 ? 1 : DOUBLE_TAP_ZOOM);
        lastTap.current = 0;
      } else lastTap.current = now;
    },
  };

  return {
    scale: view.scale,
    zoomed: view.scale > 1,
    /** Whether the gesture that just ended belonged to zooming (a pinch, or a drag of a zoomed photo). */
    ownsGesture: () => pinched.current || view.scale > 1,
    style: { transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` },
    photoHandlers,
    zoomIn: () => zoomTo(view.scale * STEP),
    zoomOut: () => zoomTo(view.scale / STEP),
  };
}
