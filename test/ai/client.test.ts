import { describe, expect, it } from 'vitest';
import type { AiRequest, AiResponse } from '../../src/ai/protocol';
import { answer } from '../../src/ai/protocol';
import type { WorkerLike } from '../../src/ai/client';
import { AiCancelledError, createAiClient, isCancelled } from '../../src/ai/client';
import { createAi } from '../../src/ai';
import { newGame, playMove } from '../../src/engine';

/** A worker in the same thread: answers each request on a later task, as a real one would. */
function fakeWorker(log: AiRequest[] = []): WorkerLike & { terminated: boolean } {
  const ai = createAi({ tableBits: 12 });
  const worker = {
    onmessage: null as ((event: { readonly data: AiResponse }) => void) | null,
    onerror: null as ((event: { readonly message?: string }) => void) | null,
    terminated: false,
    postMessage(request: AiRequest) {
      log.push(request);
      setTimeout(() => {
        if (!worker.terminated) worker.onmessage?.({ data: answer(ai, structuredClone(request)) });
      }, 5);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const state = newGame({ seed: 42 });

describe('the AI client', () => {
  it('suggests a move that changes the board, with the scores behind it', async () => {
    const client = createAiClient({ createWorker: () => fakeWorker() });
    const suggestion = await client.suggest(state, { depth: 2 });
    expect(suggestion.dir).not.toBeNull();
    expect(playMove(state, suggestion.dir!).report.moved).toBe(true);
    expect(suggestion.scores[suggestion.dir!]).toBeGreaterThan(0);
    client.dispose();
  });

  it('cancels a stale request when a newer one comes, and sends only the newest waiting one', async () => {
    const sent: AiRequest[] = [];
    const client = createAiClient({ createWorker: () => fakeWorker(sent) });
    const first = client.suggest(state, { depth: 1 });
    const second = client.suggest(state, { depth: 1 });
    const third = client.suggest(playMove(state, 'left').state, { depth: 1 });
    await expect(first).rejects.toBeInstanceOf(AiCancelledError);
    await expect(second).rejects.toSatisfy(isCancelled);
    expect((await third).dir).not.toBeNull();
    // The first was already in the worker; the second never left the page.
    expect(sent.map((r) => r.id)).toEqual([1, 3]);
    client.dispose();
  });

  it('rejects an aborted request and drops its answer', async () => {
    const client = createAiClient({ createWorker: () => fakeWorker() });
    const controller = new AbortController();
    const pending = client.suggest(state, { depth: 1, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/aborted/);
    expect((await client.suggest(state, { depth: 1 })).dir).not.toBeNull();
    client.dispose();
  });

  it('ends its worker on dispose and refuses later requests', async () => {
    let worker: ReturnType<typeof fakeWorker> | null = null;
    const client = createAiClient({ createWorker: () => (worker = fakeWorker()) });
    const pending = client.suggest(state, { depth: 1 });
    client.dispose();
    await expect(pending).rejects.toThrow(/disposed/);
    expect(worker!.terminated).toBe(true);
    await expect(client.suggest(state)).rejects.toBeInstanceOf(AiCancelledError);
  });

  it('makes no worker until the first request', () => {
    let made = 0;
    const client = createAiClient({ createWorker: () => (made++, fakeWorker()) });
    expect(made).toBe(0);
    client.dispose();
  });

  it('reports a crashed worker as an error and starts a fresh one for the next request', async () => {
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const client = createAiClient({
      createWorker: () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
    });
    const pending = client.suggest(state, { depth: 1 });
    workers[0]!.onerror?.({ message: 'out of memory' });
    await expect(pending).rejects.toThrow(/the AI worker stopped: out of memory/);
    expect((await client.suggest(state, { depth: 1 })).dir).not.toBeNull();
    expect(workers).toHaveLength(2);
    client.dispose();
  });

  it('answers a malformed request with a message instead of throwing', () => {
    const response = answer(createAi({ tableBits: 8 }), {
      id: 9,
      board: { size: 4, dimensions: 2, cells: new Uint8Array(3) },
      options: {},
    });
    expect(response).toEqual({ id: 9, ok: false, message: 'the request has no valid board' });
  });
});
