/**
 * The page's handle on the AI: the search runs in a Web Worker so the page never waits on
 * it. The worker does one search at a time (a search cannot be interrupted, and lasts at
 * most the preset's budget); a newer request makes older ones stale: a stale request's
 * promise rejects at once with `AiCancelledError`, its answer is dropped, and only the
 * newest waiting request is sent next. Hints, autoplay and analysis all go through here.
 *
 *   const ai = createAiClient();
 *   const { dir } = await ai.suggest(store.getState().game, { preset: 'fast' });
 *   ai.dispose();
 */
import type { GameState } from '../engine';
import type { ChooseOptions, Suggestion } from './index';
import type { AiRequest, AiResponse } from './protocol';

export type { Suggestion, ChooseOptions } from './index';

/** What the client needs of a worker; a real `Worker` fits, tests pass a fake. */
export interface WorkerLike {
  postMessage(message: AiRequest): void;
  onmessage: ((event: { readonly data: AiResponse }) => void) | null;
  onerror: ((event: { readonly message?: string }) => void) | null;
  terminate(): void;
}

export interface SuggestOptions extends ChooseOptions {
  /** Aborting rejects the promise with AiCancelledError and drops the answer. */
  readonly signal?: AbortSignal;
}

export interface AiClient {
  /** The AI's move for the state's board. Rejects with AiCancelledError when superseded, aborted or disposed. */
  suggest(state: Pick<GameState, 'board'>, options?: SuggestOptions): Promise<Suggestion>;
  /** Cancels every request not yet answered. */
  cancel(): void;
  /** Ends the worker; later calls to suggest reject. */
  dispose(): void;
}

export interface AiClientOptions {
  /** Makes the worker; defaults to the bundled src/ai/worker.ts. Called on first use and after a crash. */
  readonly createWorker?: () => WorkerLike;
}

/** The request was superseded by a newer one, aborted, or the client was disposed. Not a failure. */
export class AiCancelledError extends Error {
  override readonly name = 'AbortError';
  constructor(reason = 'the AI request was cancelled') {
    super(reason);
  }
}

export const isCancelled = (error: unknown): error is AiCancelledError => error instanceof AiCancelledError;

const defaultWorker = (): WorkerLike =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'cube2048-ai' }) as unknown as WorkerLike;

interface Pending {
  readonly request: AiRequest;
  readonly resolve: (suggestion: Suggestion) => void;
  readonly reject: (error: Error) => void;
  readonly detach: () => void;
}

export function createAiClient(options: AiClientOptions = {}): AiClient {
  const make = options.createWorker ?? defaultWorker;
  let worker: WorkerLike | null = null;
  let nextId = 1;
  /** The request the worker is computing; null when idle. Its entry is null once it is stale. */
  let inFlight: { id: number; entry: Pending | null } | null = null;
  /** The newest request waiting for the worker. */
  let waiting: Pending | null = null;
  let disposed = false;

  const settle = (entry: Pending | null, outcome: { suggestion: Suggestion } | { error: Error }): void => {
    if (!entry) return;
    entry.detach();
    if ('suggestion' in outcome) entry.resolve(outcome.suggestion);
    else entry.reject(outcome.error);
  };

  const onMessage = (event: { readonly data: AiResponse }): void => {
    const response = event.data;
    if (!inFlight || response.id !== inFlight.id) return;
    const entry = inFlight.entry;
    inFlight = null;
    settle(entry, response.ok ? { suggestion: response.suggestion } : { error: new Error(`the AI failed: ${response.message}`) });
    pump();
  };

  const onError = (event: { readonly message?: string }): void => {
    // A crashed worker is replaced on the next request.
    worker?.terminate();
    worker = null;
    const entry = inFlight?.entry ?? null;
    inFlight = null;
    settle(entry, { error: new Error(`the AI worker stopped${event.message ? `: ${event.message}` : ''}`) });
    pump();
  };

  const ensureWorker = (): WorkerLike => {
    if (!worker) {
      worker = make();
      worker.onmessage = onMessage;
      worker.onerror = onError;
    }
    return worker;
  };

  function pump(): void {
    if (inFlight || !waiting || disposed) return;
    const entry = waiting;
    waiting = null;
    inFlight = { id: entry.request.id, entry };
    ensureWorker().postMessage(entry.request);
  }

  /** Rejects every unanswered request; the one in the worker finishes and is dropped. */
  function cancelAll(reason: string): void {
    if (inFlight) {
      const entry = inFlight.entry;
      inFlight.entry = null;
      settle(entry, { error: new AiCancelledError(reason) });
    }
    const entry = waiting;
    waiting = null;
    settle(entry, { error: new AiCancelledError(reason) });
  }

  return {
    suggest(state, suggestOptions = {}) {
      if (disposed) return Promise.reject(new AiCancelledError('the AI client was disposed'));
      const { signal, ...chooseOptions } = suggestOptions;
      if (signal?.aborted) return Promise.reject(new AiCancelledError('the AI request was aborted'));
      cancelAll('a newer AI request replaced this one');
      return new Promise<Suggestion>((resolve, reject) => {
        const request: AiRequest = { id: nextId++, board: state.board, options: chooseOptions };
        const onAbort = (): void => {
          if (waiting === entry) waiting = null;
          if (inFlight?.entry === entry) inFlight.entry = null;
          settle(entry, { error: new AiCancelledError('the AI request was aborted') });
        };
        const entry: Pending = { request, resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting = entry;
        pump();
      });
    },
    cancel() {
      cancelAll('the AI request was cancelled');
    },
    dispose() {
      if (disposed) return;
      cancelAll('the AI client was disposed');
      disposed = true;
      worker?.terminate();
      worker = null;
      inFlight = null;
    },
  };
}
