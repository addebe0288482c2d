/**
 * The messages between the page and the AI worker, and the worker's handling of one
 * request, kept free of any worker API so tests can drive it directly.
 */
import type { Board } from '../engine';
import { cellCount, isValidDimensions, isValidSize } from '../engine';
import type { Ai, ChooseOptions, Suggestion } from './index';

export interface AiRequest {
  readonly id: number;
  /** Only the board travels: the record and the rest of the game state are not needed. */
  readonly board: Board;
  readonly options: ChooseOptions;
}

export type AiResponse =
  | { readonly id: number; readonly ok: true; readonly suggestion: Suggestion }
  | { readonly id: number; readonly ok: false; readonly message: string };

function isBoard(value: unknown): value is Board {
  if (typeof value !== 'object' || value === null) return false;
  const { size, dimensions, cells } = value as { size?: unknown; dimensions?: unknown; cells?: unknown };
  return (
    isValidDimensions(dimensions) &&
    isValidSize(size, dimensions) &&
    cells instanceof Uint8Array &&
    cells.length === cellCount(size, dimensions)
  );
}

/** Answers one request; a malformed one gets a message, never a thrown error. */
export function answer(ai: Ai, request: AiRequest): AiResponse {
  const id = typeof request?.id === 'number' ? request.id : -1;
  if (!isBoard(request?.board)) return { id, ok: false, message: 'the request has no valid board' };
  try {
    return { id, ok: true, suggestion: ai.chooseMove({ board: request.board }, request.options ?? {}) };
  } catch (error) {
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
