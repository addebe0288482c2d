/**
 * The floating "+N", in the script-tag build (in place of gain-loader.ts): its code comes in a
 * chunk of its own, fetched by the first move that scores, which shows it once it has come.
 * Without it (offline before it was cached) the score still counts; the next move asks again.
 */
import type { floatGain as FloatGain } from './gain';

let loading: Promise<typeof FloatGain> | null = null;

export const floatGain: typeof FloatGain = (...args) => {
  loading ??= import('./gain').then(
    (module) => module.floatGain,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  loading.then(
    (float) => float(...args),
    () => undefined,
  );
};
