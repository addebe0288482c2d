/**
 * `cube2048 ai`: plays seeded games headless with the AI and prints what it reached. The
 * games run in src/cli/ai-runner.ts (here or on worker threads), the text and JSON come
 * from src/cli/ai-report.ts, and finished games go to the journal of src/cli/ai-journal.ts.
 */
import { availableParallelism } from 'node:os';
import { isPresetName } from '../ai';
import type { PresetName } from '../ai';
import type { GameSummary } from '../ai/selfplay';
import type { Dimensions } from '../engine';
import { DEFAULT_SIZE, MAX_CUBE_SIZE, MAX_SEED, MAX_SIZE, MIN_SIZE } from '../engine';
import type { JournalSettings } from './ai-journal';
import { appendToJournal, readJournal } from './ai-journal';
import type { LiveGame } from './ai-report';
import { gameLine, headText, interruptedText, jsonReport, progressLine, summarize, summaryText } from './ai-report';
import type { Job } from './ai-runner';
import { createRunner } from './ai-runner';
import { intOption, noPositionals, parseArgs } from './args';
import type { Command, CommandIO } from './command';
import { EXIT, UsageError } from './command';

const HELP = `Usage: cube2048 ai [--games N] [--seed S] [--preset fast|strong] [--workers K] [--json]
                   [--deterministic] [--max-moves M] [--size N] [--dimensions 3] [--journal FILE]

Plays N seeded games with the AI choosing every move, and prints for each game its
seed, highest tile, score, moves, seconds and moves per second; then the share of games
that reached 2048, 4096, 8192, 16384 and 32768, the mean and median score, and the
search speed in nodes (slides evaluated) per second per thread. Game i uses seed S + i.
These games are the AI's, not yours: they never go into the history that "cube2048 play"
keeps and "cube2048 stats" counts (only --journal writes them, to the file you name).

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
  --size N           board size, ${MIN_SIZE} to ${MAX_SIZE}, a cube's ${MIN_SIZE} to ${MAX_CUBE_SIZE} (default ${DEFAULT_SIZE})
  --dimensions D     3 plays cubes, N×N×N (the AI moves in and out too); 2 squares (default 2)
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

interface AiOptions {
  readonly games: number;
  readonly seed: number;
  readonly preset: PresetName;
  readonly workers: number;
  readonly size: number;
  readonly dimensions: Dimensions;
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
    { name: 'dimensions', value: 'D' },
    { name: 'json' },
    { name: 'deterministic' },
    { name: 'max-moves', value: 'M' },
    { name: 'journal', value: 'FILE' },
  ]);
  noPositionals(parsed);
  const preset = parsed.options.get('preset') ?? 'fast';
  if (!isPresetName(preset)) throw new UsageError(`--preset must be fast or strong, got "${String(preset)}"`);
  const dimensions = (intOption(parsed, 'dimensions', 2, 3) ?? 2) as Dimensions;
  const size = intOption(parsed, 'size', MIN_SIZE, dimensions === 3 ? MAX_CUBE_SIZE : MAX_SIZE) ?? DEFAULT_SIZE;
  const journal = parsed.options.get('journal');
  return {
    games: intOption(parsed, 'games', 1, 1_000_000) ?? 10,
    seed: intOption(parsed, 'seed', 0, MAX_SEED) ?? 1,
    preset,
    workers: intOption(parsed, 'workers', 1, Math.max(64, availableParallelism())) ?? 1,
    size,
    dimensions,
    json: parsed.options.get('json') === true,
    deterministic: parsed.options.get('deterministic') === true,
    maxMoves: intOption(parsed, 'max-moves', 1, 10_000_000) ?? null,
    journal: typeof journal === 'string' ? journal : null,
  };
}

/** The games to play: those the journal holds already count as done, the others are jobs. */
function planGames(options: AiOptions, settings: JournalSettings): { jobs: Job[]; done: GameSummary[] } {
  const journaled = options.journal !== null ? readJournal(options.journal, settings) : new Map<number, GameSummary>();
  const jobs: Job[] = [];
  const done: GameSummary[] = [];
  for (let i = 0; i < options.games; i++) {
    const seed = (options.seed + i) % (MAX_SEED + 1);
    const earlier = journaled.get(seed);
    if (earlier) done.push(earlier);
    else jobs.push({ seed, ...settings });
  }
  return { jobs, done };
}

/** The progress line, redrawn in place on standard error when that is a terminal (never with --json). */
function progressDisplay(
  io: CommandIO,
  options: AiOptions,
  done: readonly GameSummary[],
  live: ReadonlyMap<number, LiveGame>,
  start: number,
): { draw(): void; clear(): void } {
  const showProgress = !options.json && io.stderr.isTTY === true;
  let progressShown = false;
  return {
    draw() {
      if (!showProgress) return;
      const line = progressLine(options.games, done, live, (performance.now() - start) / 1000);
      io.stderr.write(`\r\x1b[K${line.slice(0, Math.max(20, (io.stderr.columns ?? 100) - 1))}`);
      progressShown = true;
    },
    clear() {
      if (progressShown) io.stderr.write('\r\x1b[K');
      progressShown = false;
    },
  };
}

export const aiCommand: Command = {
  name: 'ai',
  summary: 'let the AI play seeded games headless and report how far it gets',
  help: HELP,
  async run(args: readonly string[], io: CommandIO): Promise<number> {
    const options = parseOptions(args);
    const settings: JournalSettings = {
      preset: options.preset,
      size: options.size,
      dimensions: options.dimensions,
      deterministic: options.deterministic,
      maxMoves: options.maxMoves,
    };
    const { jobs, done } = planGames(options, settings);
    const resumed = done.length;
    const runner = createRunner(options.workers);
    const start = performance.now();
    let journalError: string | null = null;
    const live = new Map<number, LiveGame>();
    const progress = progressDisplay(io, options, done, live, start);

    if (!options.json) {
      io.stdout.write(headText(options, resumed) + done.map(gameLine).join(''));
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
          progress.draw();
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
            progress.clear();
            io.stdout.write(gameLine(game));
          }
          progress.draw();
        },
      );
    } finally {
      stopListening();
      await runner.stop();
      progress.clear();
    }
    const summary = summarize(done, (performance.now() - start) / 1000);
    if (options.json) io.stdout.write(jsonReport({ ...options, interrupted, resumed }, done, live, summary));
    else io.stdout.write((interrupted ? interruptedText(options.games, done.length, live) : '') + summaryText(summary));
    if (journalError !== null) {
      io.stderr.write(journalError);
      return EXIT.failure;
    }
    return interrupted ? EXIT.failure : EXIT.ok;
  },
};
