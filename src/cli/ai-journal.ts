/**
 * `cube2048 ai --journal FILE`: one finished game per line (JSON), with the settings it was
 * played under. A run appends each game as it ends and skips the seeds the journal already
 * holds, so a long measurement (the strong preset: half an hour of one core a game) can be
 * stopped, resumed and split between runs and machines. Every line is checked by replaying
 * its moves from its seed, so a damaged or edited journal is refused, never counted.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import type { PresetName } from '../ai';
import { isPresetName } from '../ai';
import type { GameSummary } from '../ai/selfplay';
import type { Dimensions } from '../engine';
import { defaultTarget, isValidDimensions, isValidSeed, isValidSize } from '../engine';
import { isRecord, parseJson } from '../engine/untrusted';
import { verifyRecord } from '../replay/record';
import { UsageError } from './command';

/** How a run plays its games; a journal holds games of one setting only. */
export interface JournalSettings {
  readonly preset: PresetName;
  readonly size: number;
  /** 3 for cubes; a journal line without it (every square's) is a square's. */
  readonly dimensions: Dimensions;
  /** Clock off: only the preset's node budget bounds a move. */
  readonly deterministic: boolean;
  /** Ends each game after this many moves (null: play to the end). */
  readonly maxMoves: number | null;
}

interface JournalLine extends JournalSettings {
  readonly game: GameSummary;
}

const describe = (s: JournalSettings): string =>
  `--preset ${s.preset} --size ${s.size}${s.dimensions === 3 ? ' --dimensions 3' : ''}${s.deterministic ? ' --deterministic' : ''}${s.maxMoves !== null ? ` --max-moves ${s.maxMoves}` : ''}`;

const sameSettings = (a: JournalSettings, b: JournalSettings): boolean =>
  a.preset === b.preset &&
  a.size === b.size &&
  a.dimensions === b.dimensions &&
  a.deterministic === b.deterministic &&
  a.maxMoves === b.maxMoves;

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function parseLine(text: string): JournalLine | null {
  const data = parseJson(text);
  if (!isRecord(data)) return null;
  const { preset, size, dimensions = 2, deterministic, maxMoves, game } = data;
  if (!isPresetName(preset) || !isValidDimensions(dimensions) || !isValidSize(size, dimensions) || typeof deterministic !== 'boolean')
    return null;
  if (maxMoves !== null && !(Number.isInteger(maxMoves) && (maxMoves as number) > 0)) return null;
  if (!isRecord(game)) return null;
  const g = game;
  if (!isValidSeed(g['seed']) || typeof g['record'] !== 'string' || !(dimensions === 3 ? /^[LRUDIO]*$/ : /^[LRUD]*$/).test(g['record']))
    return null;
  for (const key of ['maxTile', 'score', 'moves', 'seconds', 'nodes', 'searchMs', 'slowestMoveMs']) if (!isCount(g[key])) return null;
  const summary: GameSummary = {
    seed: g['seed'],
    maxTile: g['maxTile'] as number,
    score: g['score'] as number,
    moves: g['moves'] as number,
    seconds: g['seconds'] as number,
    nodes: g['nodes'] as number,
    searchMs: g['searchMs'] as number,
    slowestMoveMs: g['slowestMoveMs'] as number,
    record: g['record'],
  };
  return { preset, size, dimensions, deterministic, maxMoves: maxMoves as number | null, game: summary };
}

/** Why the line's moves, replayed from its seed, are not the game written beside them; null when they are. */
function replayProblem(line: JournalLine): string | null {
  const { game } = line;
  const verified = verifyRecord({
    size: line.size,
    dimensions: line.dimensions,
    seed: game.seed,
    target: defaultTarget(line.size, line.dimensions),
    moves: game.record,
    score: game.score,
    maxTile: game.maxTile,
  });
  if (verified.problem !== null) return verified.problem;
  if (game.moves !== game.record.length) return `it says ${game.moves} moves, and holds ${game.record.length}`;
  // A finished game ends at game over, or at the move limit it was played under.
  if (verified.final.status !== 'over' && game.moves !== line.maxMoves) return 'the game was not over';
  return null;
}

/**
 * The games a journal holds, by seed, after checking that each was played under `settings`
 * and replays to what it says. A missing file is an empty journal; anything else wrong is a
 * UsageError that names the file and the line.
 */
export function readJournal(path: string, settings: JournalSettings): Map<number, GameSummary> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new UsageError(`cannot read the journal ${path}: ${(error as Error).message}`);
  }
  const games = new Map<number, GameSummary>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]?.trim() ?? '';
    if (raw === '') continue;
    const where = `${path} line ${i + 1}`;
    const line = parseLine(raw);
    if (!line) throw new UsageError(`${where} is not a game written by cube2048 ai --journal`);
    if (!sameSettings(line, settings))
      throw new UsageError(`${where} is a game played with ${describe(line)}, and this run is ${describe(settings)}: use another journal`);
    const problem = replayProblem(line);
    if (problem !== null)
      throw new UsageError(`${where}: seed ${line.game.seed} does not replay to the game written beside it (${problem})`);
    const known = games.get(line.game.seed);
    if (known && known.record !== line.game.record)
      throw new UsageError(`${where} holds seed ${line.game.seed} a second time, with other moves`);
    if (!known) games.set(line.game.seed, line.game);
  }
  return games;
}

/** Appends one finished game; a line is written whole, so a crash loses at most that game. */
export function appendToJournal(path: string, settings: JournalSettings, game: GameSummary): void {
  // A square's line is written as before cubes, without `dimensions`.
  const { dimensions, ...square } = settings;
  const line = dimensions === 3 ? { ...settings, game } : { ...square, game };
  appendFileSync(path, `${JSON.stringify(line)}\n`);
}
