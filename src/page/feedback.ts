import type { GameView } from '../store/types';

export interface FeedbackOptions {
  readonly sound: () => boolean;
  readonly vibration: () => boolean;
}

/**
 * Merge and spawn sounds synthesized with Web Audio (no audio files, and no code until sound
 * is on: ./sound.ts loads then), and a light buzz on merges where the device vibrates. Silent
 * until the player turns sound on; the audio context is made on the first sound, which always
 * follows a key press, tap or click.
 */
export function createFeedback(options: FeedbackOptions): { onChange(view: GameView): void; unlock(): void; dispose(): void } {
  let context: AudioContext | null = null;
  const audio = (): AudioContext | null => {
    if (!context && typeof AudioContext === 'function') context = new AudioContext();
    if (context?.state === 'suspended') void context.resume();
    return context;
  };
  let sound: Promise<typeof import('./sound')> | null = null;
  const loadSound = (): Promise<typeof import('./sound')> => (sound ??= import('./sound'));
  // Sound on from an earlier visit: its code comes now, before the first move.
  if (options.sound()) void loadSound();

  return {
    onChange(view) {
      const { change } = view;
      if (change.kind !== 'move' || !change.report) return;
      const steps = change.report.steps;
      if (options.sound()) {
        // The context within the player's key press or tap, which lets it start.
        const ctx = audio();
        void loadSound().then((code) => code.play(ctx, steps));
      }
      if (options.vibration() && steps.some((s) => s.kind === 'merge')) globalThis.navigator?.vibrate?.(12);
    },
    /** Call from the click that turns sound on, so the context may start. */
    unlock() {
      audio();
      void loadSound();
    },
    dispose() {
      void context?.close();
      context = null;
    },
  };
}
