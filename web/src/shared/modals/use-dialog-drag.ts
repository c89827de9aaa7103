import {
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from 'react';

interface Offset {
  x: number;
  y: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

/**
 * Spec §4 "Dragging works by header or title only, and not in fullscreen": returns the
 * pointer-down handler for the header. The dialog moves by a CSS transform (set through the
 * DOM, which the CSP allows, rather than a new style class per pixel) and never leaves the
 * viewport. Leaving the draggable state (fullscreen) puts the dialog back in place.
 */
export function useDialogDrag(
  paperRef: RefObject<HTMLElement | null>,
  enabled: boolean,
): (event: ReactPointerEvent<HTMLElement>) => void {
  const offset = useRef<Offset>({ x: 0, y: 0 });
  const stop = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (enabled) return;
    stop.current?.();
    offset.current = { x: 0, y: 0 };
    if (paperRef.current) paperRef.current.style.transform = '';
  }, [enabled, paperRef]);
  useEffect(() => () => stop.current?.(), []);

  return useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const paper = paperRef.current;
      const onControl = event.target instanceof Element && event.target.closest('button, a, input');
      if (!enabled || !paper || event.button !== 0 || onControl) return;
      event.preventDefault();
      const rect = paper.getBoundingClientRect();
      const start = { pointerX: event.clientX, pointerY: event.clientY, ...offset.current };
      // The offsets that keep every edge of the dialog inside the viewport.
      const bounds = {
        minX: start.x - rect.left,
        maxX: start.x + window.innerWidth - rect.right,
        minY: start.y - rect.top,
        maxY: start.y + window.innerHeight - rect.bottom,
      };
      const move = (moved: PointerEvent) => {
        offset.current = {
          x: clamp(start.x + moved.clientX - start.pointerX, bounds.minX, bounds.maxX),
          y: clamp(start.y + moved.clientY - start.pointerY, bounds.minY, bounds.maxY),
        };
        paper.style.transform = `translate(${offset.current.x}px, ${offset.current.y}px)`;
      };
      const end = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
        stop.current = undefined;
      };
      stop.current?.();
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
      stop.current = end;
    },
    [enabled, paperRef],
  );
}
