/**
 * The game page's merge and spawn sounds, synthesized with Web Audio: loaded once sound is on
 * (feedback.ts), so a page played in silence never downloads them.
 */
import type { Step } from '../engine';

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

/** Plays the sounds of a move's `steps` on `ctx` (nothing without one): a note per merged value, a tick for the spawn. */
export function play(ctx: AudioContext | null, steps: readonly Step[]): void {
  if (!ctx) return;
  const t = ctx.currentTime + 0.01;
  const merges = steps.filter((s) => s.kind === 'merge').map((s) => s.value);
  // At most three voices, highest first, slightly spread like a strum.
  [...new Set(merges)]
    .sort((a, b) => b - a)
    .slice(0, 3)
    .forEach((value, i) => pluck(ctx, mergePitch(value), t + i * 0.025, 0.22, 0.12));
  if (steps.some((s) => s.kind === 'spawn')) pluck(ctx, 1568, t + (merges.length > 0 ? 0.09 : 0.05), 0.06, 0.035);
}
