/**
 * Replay figures: link length for games of 1,000 and 10,000 moves, and the time to verify a
 * 10,000-move replay (median of several runs). Prints JSON when run: `npx tsx bench/replay.ts`;
 * `replaySection` is the `replay` section of `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import type { Direction, GameState } from '../src/engine';
import { keepGoing, newGame, playMove } from '../src/engine';
import { ReplayTimeline, decodeRecord, encodeRecord, recordOf, verifyRecord } from '../src/replay/record';
import type { SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import type { Spread } from './stats';
import { round, spread } from './stats';

/** Left and down first, then right, up last: the classic corner strategy, long-lived on a big board. */
const PREFERENCE: readonly Direction[] = ['left', 'down', 'right', 'up'];

/** A real game of exactly `moves` moves: the first seed (on a board big enough) whose corner game lasts that long. */
export function longGame(moves: number, size = 8): GameState {
  for (let seed = 1; seed < 1000; seed++) {
    let state = newGame({ seed, size });
    while (state.record.length < moves) {
      if (state.status === 'won') state = keepGoing(state);
      if (state.status === 'over') break;
      const next = PREFERENCE.map((dir) => playMove(state, dir)).find((played) => played.report.moved);
      if (!next) break;
      state = next.state;
    }
    if (state.record.length === moves) return state;
  }
  throw new Error(`no corner game of ${moves} moves on ${size} × ${size}`);
}

export interface ReplayFigures {
  readonly linkChars: { readonly moves1000: number; readonly moves10000: number };
  /** Decoding and verifying a 10,000-move link, in milliseconds. */
  readonly verify10000Ms: Spread & { readonly samples: readonly number[] };
  /** Building the scrubbing timeline for the same record, in milliseconds. */
  readonly timeline10000Ms: Spread & { readonly samples: readonly number[] };
}

export function benchReplay(runs = 9): ReplayFigures {
  const short = encodeRecord(recordOf(longGame(1000)));
  const long = longGame(10_000);
  const code = encodeRecord(recordOf(long));
  const verify: number[] = [];
  const timeline: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    const decoded = decodeRecord(code);
    if (!decoded.ok) throw new Error(decoded.error);
    const checked = verifyRecord(decoded.value);
    verify.push(performance.now() - start);
    if (checked.problem !== null || checked.final.score !== long.score)
      throw new Error(`the replay does not verify: ${checked.problem ?? 'score differs'}`);
    start = performance.now();
    new ReplayTimeline(decoded.value).stateAt(5000);
    timeline.push(performance.now() - start);
  }
  const ms = (values: number[]): Spread & { samples: number[] } => {
    const s = spread(values);
    return { median: round(s.median), min: round(s.min), max: round(s.max), runs: s.runs, samples: values.map((x) => round(x, 3)) };
  };
  return { linkChars: { moves1000: short.length, moves10000: code.length }, verify10000Ms: ms(verify), timeline10000Ms: ms(timeline) };
}

export function replaySection({ quick }: SectionOptions): SectionRun {
  const r = benchReplay(quick ? 3 : 9);
  return {
    figures: [
      figure('replay.link1000', 'share link, 1,000-move game', 'chars', [r.linkChars.moves1000], { better: 'lower' }),
      figure('replay.link10000', 'share link, 10,000-move game', 'chars', [r.linkChars.moves10000], { better: 'lower' }),
      figure('replay.verify10000', 'decode + verify a 10,000-move link', 'ms', r.verify10000Ms.samples, { better: 'lower' }),
      figure('replay.timeline10000', 'scrubbing timeline to move 5,000', 'ms', r.timeline10000Ms.samples, { better: 'lower' }),
    ],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(benchReplay(), null, 2));
