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
  /** Stops listening to the request's abort signal. */
  readonly detach: () => void;
}

/** What the client holds between calls. */
interface Queue {
  worker: WorkerLike | null;
  /** The request the worker is computing; null when idle. Its entry is null once it is stale. */
  inFlight: { id: number; entry: Pending | null } | null;
  /** The newest request waiting for the worker. */
  waiting: Pending | null;
}

type Outcome = { suggestion: Suggestion } | { error: Error };

const settle = (entry: Pending | null, outcome: Outcome): void => {
  if (!entry) return;
  entry.detach();
  if ('suggestion' in outcome) entry.resolve(outcome.suggestion);
  else entry.reject(outcome.error);
};

/** Rejects every unanswered request; the one in the worker finishes and is dropped. */
function cancelAll(queue: Queue, reason: string): void {
  if (queue.inFlight) {
    const entry = queue.inFlight.entry;
    queue.inFlight.entry = null;
    settle(entry, { error: new AiCancelledError(reason) });
  }
  const entry = queue.waiting;
  queue.waiting = null;
  settle(entry, { error: new AiCancelledError(reason) });
}

/** The worker, made on first use and again after a crash: its answer (or its crash) settles the request in flight, then `next` sends the next. */
function workerFor(queue: Queue, make: () => WorkerLike, next: () => void): WorkerLike {
  if (queue.worker) return queue.worker;
  const finish = (outcome: Outcome): void => {
    const entry = queue.inFlight?.entry ?? null;
    queue.inFlight = null;
    settle(entry, outcome);
    next();
  };
  const worker = make();
  worker.onmessage = ({ data: response }) => {
    if (!queue.inFlight || response.id !== queue.inFlight.id) return;
    finish(response.ok ? { suggestion: response.suggestion } : { error: new Error(`the AI failed: ${response.message}`) });
  };
  worker.onerror = (event) => {
    // A crashed worker is replaced on the next request.
    queue.worker?.terminate();
    queue.worker = null;
    finish({ error: new Error(`the AI worker stopped${event.message ? `: ${event.message}` : ''}`) });
  };
  return (queue.worker = worker);
}

/** A request waiting for the worker; aborting `signal` takes it back out and rejects it. */
function pending(queue: Queue, request: AiRequest, signal: AbortSignal | undefined): Promise<Suggestion> {
  return new Promise<Suggestion>((resolve, reject) => {
    const listening = new AbortController();
    const entry: Pending = { request, resolve, reject, detach: () => listening.abort() };
    signal?.addEventListener(
      'abort',
      () => {
        if (queue.waiting === entry) queue.waiting = null;
        if (queue.inFlight?.entry === entry) queue.inFlight.entry = null;
        settle(entry, { error: new AiCancelledError('the AI request was aborted') });
      },
      { once: true, signal: listening.signal },
    );
    queue.waiting = entry;
  });
}

export function createAiClient(options: AiClientOptions = {}): AiClient {
  const make = options.createWorker ?? defaultWorker;
  const queue: Queue = { worker: null, inFlight: null, waiting: null };
  /** Aborts when the client is disposed. */
  const closed = new AbortController();
  let nextId = 1;

  const pump = (): void => {
    const entry = queue.waiting;
    if (queue.inFlight || !entry || closed.signal.aborted) return;
    queue.waiting = null;
    queue.inFlight = { id: entry.request.id, entry };
    workerFor(queue, make, pump).postMessage(entry.request);
  };

  return {
    suggest(state, { signal, ...chooseOptions } = {}) {
      if (closed.signal.aborted) return Promise.reject(new AiCancelledError('the AI client was disposed'));
      if (signal?.aborted) return Promise.reject(new AiCancelledError('the AI request was aborted'));
      cancelAll(queue, 'a newer AI request replaced this one');
      const suggestion = pending(queue, { id: nextId++, board: state.board, options: chooseOptions }, signal);
      pump();
      return suggestion;
    },
    cancel() {
      cancelAll(queue, 'the AI request was cancelled');
    },
    dispose() {
      if (closed.signal.aborted) return;
      cancelAll(queue, 'the AI client was disposed');
      closed.abort();
      queue.worker?.terminate();
      queue.worker = null;
      queue.inFlight = null;
    },
  };
}
