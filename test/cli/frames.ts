/** What the terminal skin draws from: a frame model, and the frame as the terminal shows it. */
import type { ColorMode, FrameModel } from '../../src/skins/terminal';
import { renderFrame } from '../../src/skins/terminal';
import { FRAME_KEYS } from '../../src/cli/play-keys';
import { stripAnsi } from './helpers';

/** A game in progress on a 4×4 board (tiles 2 to 4096, a blank row), with `overrides`. */
export const frameModel = (overrides: Partial<FrameModel> = {}): FrameModel => ({
  size: 4,
  dimensions: 2,
  cells: Uint8Array.from([1, 2, 3, 4, 0, 0, 0, 0, 5, 6, 7, 8, 9, 10, 11, 12]),
  score: 1234,
  best: 5678,
  moves: 42,
  gained: 0,
  status: 'playing',
  target: 2048,
  canUndo: true,
  merged: new Set(),
  spawned: new Set(),
  notices: [],
  prompt: null,
  hint: null,
  ...overrides,
});

/** The frame as the terminal shows it: text only, one string per line. */
export const shown = (m: FrameModel, columns: number, rows: number, mode: ColorMode): string[] =>
  stripAnsi(renderFrame(m, { columns, rows, mode, keys: FRAME_KEYS }).replace('\x1b[?2026h', '').replace('\x1b[?2026l', '')).split('\r\n');
