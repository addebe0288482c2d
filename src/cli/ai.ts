/**
 * `cube2048 ai`: plays seeded games headless with the AI and prints what it reached.
 * With `--workers K` the games run on K worker_threads. The worker is this same module
 * loaded again: from source that is src/cli/ai.ts, in the built CLI it is the one-file
 * bundle, whose top-level code would run the CLI again; so in a worker this module
 * serves games and then holds module evaluation with a top-level await that never
 * settles, and nothing evaluated after it (main, bin) runs there.
 */
import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createAi, isPresetName } from '../ai';
import type { PresetName } from '../ai';
import type { GameSummary } from '../ai/selfplay';
import { SelfPlay } from '../ai/selfplay';
import { MAX_SEED, isValidSize } from '../engine';
import type { JournalSettings } from './ai-journal';
import { appendToJournal, readJournal } from './ai-journal';
import { intOption, noPositionals, parseArgs } from './args';
import type { Command, CommandIO } from './command';
import { EXIT, UsageError } from './command';

const HELP = `Usage: cube2048 ai [--games N] [--seed S] [--preset fast|strong] [--workers K] [--json]
                   [--deterministic] [--max-moves M] [--size N] [--journal FILE]

Plays N seeded games with the AI choosing every move, and prints for each game its
seed, highest tile, score, moves, seconds and moves per second; then the share of games
that reached 2048, 4096, 8192, 16384 and 32768, the mean and median score, and the
search speed in nodes (slides evaluated) per second per thread. Game i uses seed S + i.

Each move is bounded by the preset's time budget and by its node budget (about the
same on an idle machine). A busy machine can make the clock cut a search short, so
a run may differ from the last; --deterministic switches the clock off and keeps only
the node budget: then the same seeds play the same games on any machine, under any load.

Options:
  --games N          games to play (default 10)
  --seed S           seed of the first game, 0 to ${MAX_SEED} (default 1)
  --preset P         fast (about 10 ms a move at most) or strong (deeper, 150 ms at most);
                     default fast
  --workers K        games played at once on K threads (default 1)
  --size N           board size, 3 to 8 (default 4)
  --json             one JSON document at the end instead of text; no progress line
  --deterministic    bound each move by the node budget only (repeatable games)
  --max-moves M      end each game after M moves (a quick look, or a smoke test)
  --journal FILE     append each finished game to FILE, and count the games FILE already
                     holds instead of playing their seeds again: a long run can be stopped
                     and resumed, or split between machines (each line is checked by
                     replaying its moves)
  -h, --help         show this help

Examples:
  cube2048 ai --games 100 --seed 1 --preset fast --workers 2
  cube2048 ai --games 20 --preset strong --deterministic --journal strong.jsonl
`;

const MILESTONES = [2048, 4096, 8192, 16384, 32768] as const;
const WORKER_ROLE = 'cube2048:ai-games';
/** How often a game in progress reports its moves for the progress line. */
const PROGRESS_MS = 250;

/** One game to play: its seed and the run's settings (the ones a journal line records). */
interface Job extends JournalSettings {
  readonly seed: number;
}

type WorkerMessage = { kind: 'progress'; seed: number; moves: number; maxTile: number } | { kind: 'done'; summary: GameSummary } | { kind: 'failed'; message: string };

/** Plays one job, calling `progress` every PROGRESS_MS, yielding to the event loop between slices. */
async function playJob(job: Job, ai: ReturnType<typeof createAi>, progress: (moves: number, maxTile: number) => void, stopped: () => boolean): Promise<GameSummary | null> {
  const game = new SelfPlay(ai, { seed: job.seed, preset: job.preset, size: job.size, ...(job.maxMoves !== null ? { maxMoves: job.maxMoves } : {}), ...(job.deterministic ? { timeBudgetMs: Infinity } : {}) });
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

interface Summary {
  readonly games: number;
  readonly reached: Record<string, number>;
  readonly meanScore: number;
  readonly medianScore: number;
  readonly maxTile: number;
  /** Slides evaluated per second of search, per thread. */
  readonly nodesPerSecond: number;
  readonly msPerMove: number;
  readonly slowestMoveMs: number;
  readonly wallSeconds: number;
}

export function summarize(games: readonly GameSummary[], wallSeconds: number): Summary {
  const n = games.length;
  const scores = games.map((g) => g.score).sort((a, b) => a - b);
  const median = n === 0 ? 0 : n % 2 === 1 ? (scores[(n - 1) / 2] as number) : ((scores[n / 2 - 1] as number) + (scores[n / 2] as number)) / 2;
  const reached: Record<string, number> = {};
  for (const tile of MILESTONES) reached[tile] = n === 0 ? 0 : games.filter((g) => g.maxTile >= tile).length / n;
  const nodes = games.reduce((sum, g) => sum + g.nodes, 0);
  const searchMs = games.reduce((sum, g) => sum + g.searchMs, 0);
  const moves = games.reduce((sum, g) => sum + g.moves, 0);
  return {
    games: n,
    reached,
    meanScore: n === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / n,
    medianScore: median,
    maxTile: games.reduce((max, g) => Math.max(max, g.maxTile), 0),
    nodesPerSecond: searchMs > 0 ? (nodes / searchMs) * 1000 : 0,
    msPerMove: moves > 0 ? searchMs / moves : 0,
    slowestMoveMs: games.reduce((max, g) => Math.max(max, g.slowestMoveMs), 0),
    wallSeconds,
  };
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const pct = (share: number): string => `${(share * 100).toFixed(1)}%`;
const movesPerSecond = (g: GameSummary): number => (g.seconds > 0 ? g.moves / g.seconds : 0);

const TABLE_HEAD = `${pad('seed', 10)} ${pad('max tile', 8)} ${pad('score', 8)} ${pad('moves', 6)} ${pad('seconds', 8)} ${pad('moves/s', 8)}\n`;
const gameLine = (g: GameSummary): string =>
  `${pad(g.seed, 10)} ${pad(g.maxTile, 8)} ${pad(g.score, 8)} ${pad(g.moves, 6)} ${pad(g.seconds.toFixed(1), 8)} ${pad(movesPerSecond(g).toFixed(0), 8)}\n`;

function summaryText(s: Summary): string {
  const reached = MILESTONES.map((tile) => `${tile} ${pct(s.reached[tile] ?? 0)}`).join('  ');
  return (
    `\n${s.games} games in ${s.wallSeconds.toFixed(1)} s, best tile ${s.maxTile}\n` +
    `reached  ${reached}\n` +
    `score    mean ${Math.round(s.meanScore)}  median ${Math.round(s.medianScore)}\n` +
    `search   ${(s.nodesPerSecond / 1e6).toFixed(2)} M nodes/s per thread, ${s.msPerMove.toFixed(2)} ms a move, slowest ${s.slowestMoveMs.toFixed(0)} ms\n`
  );
}

const formatDuration = (seconds: number): string => {
  const s = Math.round(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

interface Runner {
  /** Plays the jobs, calling `onProgress` and `onGame` as they go; resolves when all are done or stopped. */
  run(jobs: readonly Job[], onProgress: (seed: number, moves: number, maxTile: number) => void, onGame: (g: GameSummary) => void): Promise<void>;
  stop(): Promise<void>;
}

/** One thread: the games run here, one after another, yielding between slices of moves. */
function inProcessRunner(): Runner {
  let stopped = false;
  const ai = createAi();
  return {
    async run(jobs, onProgress, onGame) {
      for (const job of jobs) {
        const summary = await playJob(job, ai, (moves, maxTile) => onProgress(job.seed, moves, maxTile), () => stopped);
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
        const summary = await playJob(job, ai, (moves, maxTile) => port.postMessage({ kind: 'progress', seed: job.seed, moves, maxTile } satisfies WorkerMessage), () => false);
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

interface AiOptions {
  readonly games: number;
  readonly seed: number;
  readonly preset: PresetName;
  readonly workers: number;
  readonly size: number;
  readonly json: boolean;
  readonly deterministic: boolean;
  readonly maxMoves: number | null;
  readonly journal: string | null;
}

function parseOptions(args: readonly string[]): AiOptions {
  const parsed = parseArgs(args, [
    { name: 'games', value: 'N' },
    { name: 'seed', value: 'S' },
    { name: 'preset', value: 'P' },
    { name: 'workers', value: 'K' },
    { name: 'size', value: 'N' },
    { name: 'json' },
    { name: 'deterministic' },
    { name: 'max-moves', value: 'M' },
    { name: 'journal', value: 'FILE' },
  ]);
  noPositionals(parsed);
  const preset = parsed.options.get('preset') ?? 'fast';
  if (!isPresetName(preset)) throw new UsageError(`--preset must be fast or strong, got "${String(preset)}"`);
  const size = intOption(parsed, 'size', 3, 8) ?? 4;
  if (!isValidSize(size)) throw new UsageError(`--size must be from 3 to 8`);
  const journal = parsed.options.get('journal');
  return {
    games: intOption(parsed, 'games', 1, 1_000_000) ?? 10,
    seed: intOption(parsed, 'seed', 0, MAX_SEED) ?? 1,
    preset,
    workers: intOption(parsed, 'workers', 1, Math.max(64, availableParallelism())) ?? 1,
    size,
    json: parsed.options.get('json') === true,
    deterministic: parsed.options.get('deterministic') === true,
    maxMoves: intOption(parsed, 'max-moves', 1, 10_000_000) ?? null,
    journal: typeof journal === 'string' ? journal : null,
  };
}

export const aiCommand: Command = {
  name: 'ai',
  summary: 'let the AI play seeded games headless and report how far it gets',
  help: HELP,
  async run(args: readonly string[], io: CommandIO): Promise<number> {
    const options = parseOptions(args);
    const settings: JournalSettings = { preset: options.preset, size: options.size, deterministic: options.deterministic, maxMoves: options.maxMoves };
    const journaled = options.journal !== null ? readJournal(options.journal, settings) : new Map<number, GameSummary>();
    const jobs: Job[] = [];
    const done: GameSummary[] = [];
    for (let i = 0; i < options.games; i++) {
      const seed = (options.seed + i) % (MAX_SEED + 1);
      const earlier = journaled.get(seed);
      if (earlier) done.push(earlier);
      else jobs.push({ seed, ...settings });
    }
    const resumed = done.length;
    const runner = options.workers > 1 ? workerRunner(options.workers) : inProcessRunner();
    const start = performance.now();
    let journalError: string | null = null;
    const live = new Map<number, { moves: number; maxTile: number }>();
    const showProgress = !options.json && io.stderr.isTTY === true;
    let progressShown = false;

    const clearProgress = (): void => {
      if (progressShown) io.stderr.write('\r\x1b[K');
      progressShown = false;
    };
    const drawProgress = (): void => {
      if (!showProgress) return;
      const moves = [...live.values()].reduce((sum, g) => sum + g.moves, 0) + done.reduce((sum, g) => sum + g.moves, 0);
      const best = Math.max(0, ...[...live.values()].map((g) => g.maxTile), ...done.map((g) => g.maxTile));
      const elapsed = (performance.now() - start) / 1000;
      const line = `games ${done.length}/${options.games} done, ${live.size} playing · ${moves} moves · best tile ${best} · ${formatDuration(elapsed)}`;
      io.stderr.write(`\r\x1b[K${line.slice(0, Math.max(20, (io.stderr.columns ?? 100) - 1))}`);
      progressShown = true;
    };

    if (!options.json) {
      io.stdout.write(`cube2048 ai: ${options.games} game${options.games === 1 ? '' : 's'}, preset ${options.preset}, seeds from ${options.seed}, ${options.workers} worker${options.workers === 1 ? '' : 's'}\n`);
      if (resumed > 0) io.stdout.write(`${resumed} of them already in ${options.journal}, counted without playing them again\n`);
      io.stdout.write(TABLE_HEAD);
      for (const game of done) io.stdout.write(gameLine(game));
    }
    let interrupted = false;
    const stopListening = io.onSignal('SIGINT', () => {
      interrupted = true;
      void runner.stop();
    });
    try {
      await runner.run(
        jobs,
        (seed, moves, maxTile) => {
          live.set(seed, { moves, maxTile });
          drawProgress();
        },
        (game) => {
          live.delete(game.seed);
          done.push(game);
          if (options.journal !== null && journalError === null) {
            try {
              appendToJournal(options.journal, settings, game);
            } catch (error) {
              journalError = `cube2048 ai: could not write to the journal ${options.journal} (${error instanceof Error ? error.message : String(error)}); stopped after seed ${game.seed}.\n`;
              void runner.stop();
            }
          }
          if (!options.json) {
            clearProgress();
            io.stdout.write(gameLine(game));
          }
          drawProgress();
        },
      );
    } finally {
      stopListening();
      await runner.stop();
      clearProgress();
    }
    const summary = summarize(done, (performance.now() - start) / 1000);
    if (options.json) {
      const games = done.map(({ record: _record, ...g }) => ({ ...g, movesPerSecond: g.seconds > 0 ? g.moves / g.seconds : 0 }));
      const unfinished = [...live].map(([seed, g]) => ({ seed, moves: g.moves, maxTile: g.maxTile }));
      io.stdout.write(
        `${JSON.stringify({ preset: options.preset, seed: options.seed, workers: options.workers, size: options.size, deterministic: options.deterministic, interrupted, resumed, games, unfinished, summary })}\n`,
      );
    } else {
      if (interrupted) {
        io.stdout.write(`\ninterrupted after ${done.length} of ${options.games} games\n`);
        for (const [seed, g] of live) io.stdout.write(`unfinished: seed ${seed} at move ${g.moves}, best tile ${g.maxTile}\n`);
      }
      io.stdout.write(summaryText(summary));
    }
    if (journalError !== null) {
      io.stderr.write(journalError);
      return EXIT.failure;
    }
    return interrupted ? EXIT.failure : EXIT.ok;
  },
};
