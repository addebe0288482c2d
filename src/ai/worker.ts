/**
 * The Web Worker entry (bundled by vite from `new Worker(new URL('./worker.ts',
 * import.meta.url), { type: 'module' })` in client.ts). One AI, one request at a time.
 */
import { createAi } from './index';
import type { AiRequest, AiResponse } from './protocol';
import { answer } from './protocol';

/** The part of a dedicated worker's global scope this entry uses (the project's lib is DOM). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<AiRequest>) => void) | null;
  postMessage(message: AiResponse): void;
}

const scope = globalThis as unknown as WorkerScope;
const ai = createAi();
scope.onmessage = (event) => scope.postMessage(answer(ai, event.data));
