/**
 * Plays the games of `cube2048 ai`: in this thread, or on K worker_threads. The worker is
 * this same module loaded again: from source that is src/cli/ai-runner.ts, in the built
 * CLI it is the one-file bundle, whose top-level code would run the CLI again; so in a
 * worker this module serves games and then holds module evaluation with a top-level await
 * that never settles, and nothing evaluated after it (the command, main, bin) runs there.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createAi } from '../ai';
import type { GameSummary } from '../ai/selfplay';
import { SelfPlay } from '../ai/selfplay';
import type { JournalSettings } from './ai-journal';

/** One game to play: its seed and the run's settings (the ones a journal line records). */
export interface Job extends JournalSettings {
  readonly seed: number;
}

export interface Runner {
  /** Plays the jobs, calling `onProgress` and `onGame` as they go; resolves when all are done or stopped. */
  run(
    jobs: readonly Job[],
    onProgress: (seed: number, moves: number, maxTile: number) => void,
    onGame: (g: GameSummary) => void,
  ): Promise<void>;
  stop(): Promise<void>;
}

const WORKER_ROLE = 'cube2048:ai-games';
/** How often a game in progress reports its moves for the progress line. */
const PROGRESS_MS = 250;

type WorkerMessage =
  | { kind: 'progress'; seed: number; moves: number; maxTile: number }
  | { kind: 'done'; summary: GameSummary }
  | { kind: 'failed'; message: string };

/** Plays one job, calling `progress` every PROGRESS_MS, yielding to the event loop between slices. */
async function playJob(
  job: Job,
  ai: ReturnType<typeof createAi>,
  progress: (moves: number, maxTile: number) => void,
  stopped: () => boolean,
): Promise<GameSummary | null> {
  const game = new SelfPlay(ai, {
    seed: job.seed,
    preset: job.preset,
    size: job.size,
    dimensions: job.dimensions,
    ...(job.maxMoves !== null ? { maxMoves: job.maxMoves } : {}),
    ...(job.deterministic ? { timeBudgetMs: Infinity } : {}),
  });
  let last = performance.now();
  while (game.step(1)) {
    if (stopped()) return null;
    const now = performance.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      progress(game.moves, game.maxTile);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return game.summary();
}

/** K worker_threads when K > 1, else this thread. */
export const createRunner = (workers: number): Runner => (workers > 1 ? workerRunner(workers) : inProcessRunner());

/** One thread: the games run here, one after another, yielding between slices of moves. */
function inProcessRunner(): Runner {
  let stopped = false;
  const ai = createAi();
  return {
    async run(jobs, onProgress, onGame) {
      for (const job of jobs) {
        const summary = await playJob(
          job,
          ai,
          (moves, maxTile) => onProgress(job.seed, moves, maxTile),
          () => stopped,
        );
        if (!summary) return;
        onGame(summary);
      }
    },
    async stop() {
      stopped = true;
    },
  };
}

/**
 * This module, as a worker's entry. Run from source (tsx) a worker does not inherit the
 * TypeScript loader, so a two-line module registers it first and then imports this one.
 */
function workerEntry(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL(import.meta.url);
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(import.meta.url)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

/** K worker_threads, each taking the next job when it finishes one. */
function workerRunner(count: number): Runner {
  const workers: Worker[] = [];
  let stopping = false;
  let finish = (): void => {};
  return {
    run(jobs, onProgress, onGame) {
      return new Promise<void>((resolve, reject) => {
        finish = resolve;
        let next = 0;
        let active = 0;
        const feed = (worker: Worker): void => {
          const job = jobs[next];
          if (job === undefined || stopping) {
            void worker.terminate();
            if (--active === 0) resolve();
            return;
          }
          next++;
          worker.postMessage(job);
        };
        for (let i = 0; i < Math.min(count, jobs.length); i++) {
          const worker = new Worker(workerEntry(), { workerData: { role: WORKER_ROLE } });
          workers.push(worker);
          active++;
          worker.on('message', (message: WorkerMessage) => {
            if (message.kind === 'progress') onProgress(message.seed, message.moves, message.maxTile);
            else if (message.kind === 'done') {
              onGame(message.summary);
              feed(worker);
            } else reject(new Error(`an AI worker failed: ${message.message}`));
          });
          worker.on('error', (error) => reject(error));
          feed(worker);
        }
        if (active === 0) resolve();
      });
    },
    async stop() {
      stopping = true;
      await Promise.all(workers.map((w) => w.terminate()));
      finish();
    },
  };
}

/** The worker side: plays each job it is sent and posts progress and the summary back. */
function serveGames(): void {
  const port = parentPort;
  if (!port) return;
  const ai = createAi();
  let queue = Promise.resolve();
  port.on('message', (job: Job) => {
    queue = queue.then(async () => {
      try {
        const summary = await playJob(
          job,
          ai,
          (moves, maxTile) => port.postMessage({ kind: 'progress', seed: job.seed, moves, maxTile } satisfies WorkerMessage),
          () => false,
        );
        if (summary) port.postMessage({ kind: 'done', summary } satisfies WorkerMessage);
      } catch (error) {
        port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies WorkerMessage);
      }
    });
  });
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === WORKER_ROLE) {
  serveGames();
  // Hold here for the worker's life: see the note at the top of the file.
  await new Promise<never>(() => {});
}
