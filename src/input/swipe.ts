import type { Direction } from '../engine';
import type { Commands, Detach } from './commands';

export interface SwipeOptions {
  /** Minimum travel in CSS pixels for a board whose smaller side is `side` pixels. */
  readonly threshold?: (side: number) => number;
}

/** A few pixels, growing with the board so a flick on a big screen is not read as a tap. */
export const defaultThreshold = (side: number): number => Math.max(6, Math.round(side * 0.04));

/** The direction of a drag by its dominant axis, or null when it is shorter than `threshold`. */
export function swipeDirection(dx: number, dy: number, threshold: number): Direction | null {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (Math.max(ax, ay) < threshold || ax === ay) return null;
  if (ax > ay) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

interface Gesture {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Swipes (touch) and drags (mouse, pen) on `element` become moves, decided when the pointer
 * lifts. One pointer at a time: a second finger cancels the swipe and the browser keeps
 * multi-finger gestures (pinch zoom). The element stops the page from panning under a swipe.
 */
export function attachSwipe(element: HTMLElement, commands: Commands, options: SwipeOptions = {}): Detach {
  const threshold = options.threshold ?? defaultThreshold;
  let gesture: Gesture | null = null;

  const onDown = (event: Event): void => {
    const e = event as PointerEvent;
    if (!e.isPrimary) {
      gesture = null;
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    gesture = { id: e.pointerId, x: e.clientX, y: e.clientY };
    // Capture keeps the lift reported here when the finger leaves the board mid-swipe.
    try {
      element.setPointerCapture?.(e.pointerId);
    } catch {
      // The pointer is already gone; the gesture simply ends without a move.
    }
  };
  const onUp = (event: Event): void => {
    const e = event as PointerEvent;
    if (!gesture || e.pointerId !== gesture.id) return;
    const { x, y } = gesture;
    gesture = null;
    const rect = element.getBoundingClientRect();
    const dir = swipeDirection(e.clientX - x, e.clientY - y, threshold(Math.min(rect.width, rect.height)));
    if (dir) commands.move(dir);
  };
  const onCancel = (event: Event): void => {
    if (gesture && (event as PointerEvent).pointerId === gesture.id) gesture = null;
  };

  // Single-finger pans belong to the game here; pinch zoom stays with the browser.
  const previousTouchAction = element.style.touchAction;
  element.style.touchAction = 'pinch-zoom';
  element.addEventListener('pointerdown', onDown);
  element.addEventListener('pointerup', onUp);
  element.addEventListener('pointercancel', onCancel);
  return () => {
    element.removeEventListener('pointerdown', onDown);
    element.removeEventListener('pointerup', onUp);
    element.removeEventListener('pointercancel', onCancel);
    element.style.touchAction = previousTouchAction;
    gesture = null;
  };
}
