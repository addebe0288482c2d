import type { Step } from '../engine';
import type { GameView } from '../store/types';

export interface FeedbackOptions {
  readonly sound: () => boolean;
  readonly vibration: () => boolean;
}

/** A short sine "pluck": quick attack, exponential fall, nothing left playing afterwards. */
function pluck(ctx: AudioContext, frequency: number, at: number, length: number, peak: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'triangle';
  osc.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
  osc.onended = () => {
    osc.disconnect();
    gain.disconnect();
  };
}

/** Merges ring higher as tiles grow: a pentatonic step per doubling keeps every chord pleasant. */
const PENTATONIC = [0, 2, 4, 7, 9];
const mergePitch = (value: number): number => {
  const step = Math.max(0, Math.round(Math.log2(value)) - 2);
  const semitones = 12 * Math.floor(step / 5) + (PENTATONIC[step % 5] ?? 0);
  return 392 * 2 ** (semitones / 12);
};

/**
 * Merge and spawn sounds synthesized with Web Audio (no audio files), and a light buzz on
 * merges where the device vibrates. Silent until the player turns sound on; the audio
 * context is made on the first sound, which always follows a key press, tap or click.
 */
export function createFeedback(options: FeedbackOptions): { onChange(view: GameView): void; unlock(): void; dispose(): void } {
  let ctx: AudioContext | null = null;
  const audio = (): AudioContext | null => {
    if (!ctx && typeof AudioContext === 'function') ctx = new AudioContext();
    if (ctx?.state === 'suspended') void ctx.resume();
    return ctx;
  };

  const play = (steps: readonly Step[]): void => {
    const c = audio();
    if (!c) return;
    const t = c.currentTime + 0.01;
    const merges = steps.filter((s) => s.kind === 'merge').map((s) => s.value);
    // At most three voices, highest first, slightly spread like a strum.
    [...new Set(merges)]
      .sort((a, b) => b - a)
      .slice(0, 3)
      .forEach((value, i) => pluck(c, mergePitch(value), t + i * 0.025, 0.22, 0.12));
    if (steps.some((s) => s.kind === 'spawn')) pluck(c, 1568, t + (merges.length > 0 ? 0.09 : 0.05), 0.06, 0.035);
  };

  return {
    onChange(view) {
      const { change } = view;
      if (change.kind !== 'move' || !change.report) return;
      const steps = change.report.steps;
      if (options.sound()) play(steps);
      if (options.vibration() && steps.some((s) => s.kind === 'merge')) globalThis.navigator?.vibrate?.(12);
    },
    /** Call from the click that turns sound on, so the context may start. */
    unlock() {
      audio();
    },
    dispose() {
      void ctx?.close();
      ctx = null;
    },
  };
}
