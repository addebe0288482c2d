/** The terminal's history file, in-process: appending, taking back, setting bad lines aside, and the meta beside it. */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryLine } from '../../src/history/archive';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta, tickMeta } from '../../src/history/keep';
import { openHistoryFile } from '../../src/cli/history-file';
import { parseMeta } from '../../src/history/keep';
import { playGame } from '../history/games';
import { tempDirEach } from './helpers';

const dir = tempDirEach();

const kept = (seed: number): HistoryEntry => {
  const game = playGame({ seed });
  return entryOf(game, 'over', startMeta(game, 'normal', 1_000), 2_000);
};
const [a, b] = [kept(1), kept(2)];
const state = (): string => join(dir.path, 'cube2048');
const lines = (): string[] => readFileSync(join(state(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean);

describe('the history file', () => {
  it('is an empty history before the first game, and makes its folder on the first one', () => {
    const file = openHistoryFile(state());
    expect(file.read()).toEqual({ entries: [], problem: null });
    file.append(a);
    expect(lines()).toEqual([entryLine(a)]);
    expect(file.read()).toEqual({ entries: [a], problem: null });
  });

  it('takes a game back with a tombstone, and keeps it again when the same game is kept later', () => {
    const file = openHistoryFile(state());
    file.append(a);
    file.append(b);
    file.retract(a.id);
    expect(file.read().entries).toEqual([b]);
    file.append(a);
    expect(file.read().entries).toEqual([b, a]);
    expect(lines()).toHaveLength(4);
  });

  it('starts a new line after a last line that was cut short, so the new game is not lost with it', () => {
    const file = openHistoryFile(state());
    file.append(a);
    appendFileSync(file.path, '{"size":4,"se');
    file.append(b);
    const read = file.read();
    expect(read.entries).toEqual([a, b]);
    expect(read.problem).toEqual({ lines: [2], file: file.path, movedTo: file.unreadablePath });
    expect(lines()).toEqual([entryLine(a), entryLine(b)]);
  });

  it('names every bad line in one message', () => {
    const file = openHistoryFile(state());
    file.append(a);
    appendFileSync(file.path, '[1]\nnot json\n{"retract":7}\n');
    expect(file.read().problem).toEqual({ lines: [2, 3, 4], file: file.path, movedTo: file.unreadablePath });
    expect(readFileSync(file.unreadablePath, 'utf8')).toBe('[1]\nnot json\n{"retract":7}\n');
  });

  it('keeps the meta of the game in progress, and reads a damaged one as none', () => {
    const file = openHistoryFile(state());
    expect(file.readMeta()).toBeNull();
    const meta = tickMeta(startMeta(playGame({ seed: 3, moves: 0 }), 'daily', 5_000, '2026-12-01'), 9_000);
    file.writeMeta(meta);
    expect(file.readMeta()).toEqual(meta);
    writeFileSync(join(state(), 'history-current.json'), '{"size":4');
    expect(file.readMeta()).toBeNull();
    expect(parseMeta({ ...meta, mode: 'ranked' })).toBeNull();
    expect(parseMeta({ ...meta, playedMs: -5 })).toBeNull();
  });

  it('throws when it cannot write, for play to say so', () => {
    writeFileSync(join(dir.path, 'blocked'), 'a file where the folder should be');
    const file = openHistoryFile(join(dir.path, 'blocked', 'cube2048'));
    expect(() => file.append(a)).toThrow();
    expect(() => file.writeMeta(startMeta(playGame({ seed: 3, moves: 0 }), 'normal', 0))).toThrow();
  });
});
