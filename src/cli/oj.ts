import { fstatSync, readSync } from 'node:fs';
import { noPositionals, parseArgs } from './args';
import type { Command, CommandIO, InputStream, OutputStream } from './command';
import { EXIT } from './command';
import { MAX_JUDGE_EXPONENT, judgeStream } from './judge';

const HELP = `Usage: cube2048 oj < cases.txt

The batch move judge. Reads from standard input the number of cases T, then T cases,
each a 4×4 board (16 numbers: 0 for an empty cell, else a power of two) followed by a
direction word: LEFT, RIGHT, UP or DOWN. Writes each board after that one move (tiles
slide and merge; no new tile appears, no score is kept) as four lines of four numbers
separated by spaces, then an empty line. Any whitespace layout of the input is accepted.

Bad input (a missing or malformed number, a value that is not 0 or a power of two, an
unknown direction, fewer cases than T, text after the last case) prints one message on
standard error naming the case and the token, and exits with status 2. The boards of
the good cases before it are printed; nothing of the bad case is.

Tiles up to 2^${MAX_JUDGE_EXPONENT} are accepted.

Options:
  -h, --help   show this help

Example:
  printf '1\\n2 2 4 4\\n0 0 0 0\\n0 0 0 0\\n0 0 0 2\\nLEFT\\n' | cube2048 oj
  4 8 0 0
  0 0 0 0
  0 0 0 0
  2 0 0 0
`;

/** Writes a chunk and waits for the stream to accept more; rejects when the stream fails. */
function writer(stream: OutputStream): { write: (chunk: Uint8Array) => Promise<void>; failure: () => Error | null; dispose: () => void } {
  let failed: Error | null = null;
  const onError = (error: Error): void => {
    failed = error;
  };
  stream.on('error', onError);
  return {
    failure: () => failed,
    dispose: () => stream.removeListener('error', onError),
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        const settle = (): void => {
          stream.removeListener('error', settle);
          stream.removeListener('drain', settle);
          if (failed) reject(failed);
          else resolve();
        };
        if (stream.write(chunk)) resolve();
        else {
          stream.once('drain', settle);
          stream.once('error', settle);
        }
      }),
  };
}

const FILE_CHUNK = 4 << 20;

/**
 * When standard input is a regular file (`cube2048 oj < cases.txt`), its descriptor: it is
 * then read directly in large chunks, with no stream and no thread hop per chunk. Pipes
 * and terminals keep the stream, which waits for data without spinning.
 */
function regularFileDescriptor(stream: InputStream): number | null {
  const fd = (stream as { fd?: unknown }).fd;
  if (typeof fd !== 'number') return null;
  try {
    return fstatSync(fd).isFile() ? fd : null;
  } catch {
    return null;
  }
}

/** The file's bytes in chunks; one buffer serves them all, as the judge copies each chunk it gets. */
async function* fileChunks(fd: number): AsyncGenerator<Uint8Array> {
  const chunk = Buffer.allocUnsafe(FILE_CHUNK);
  for (;;) {
    const n = readSync(fd, chunk, 0, FILE_CHUNK, null);
    if (n === 0) return;
    yield chunk.subarray(0, n);
  }
}

export const ojCommand: Command = {
  name: 'oj',
  summary: 'judge moves in bulk: boards and directions in, moved boards out',
  help: HELP,
  async run(args: readonly string[], io: CommandIO): Promise<number> {
    noPositionals(parseArgs(args, []));
    const out = writer(io.stdout);
    try {
      const fd = regularFileDescriptor(io.stdin);
      const input = fd === null ? (io.stdin as AsyncIterable<Uint8Array | string>) : fileChunks(fd);
      const error = await judgeStream(input, out.write);
      if (error === null) return EXIT.ok;
      io.stderr.write(`cube2048 oj: ${error}\n`);
      return EXIT.usage;
    } catch (error) {
      const writeError = out.failure();
      // A reader that went away (`cube2048 oj < big | head`) is not worth a message.
      if (writeError) {
        if ((writeError as NodeJS.ErrnoException).code !== 'EPIPE')
          io.stderr.write(`cube2048 oj: cannot write the output: ${writeError.message}\n`);
      } else io.stderr.write(`cube2048 oj: cannot read the input: ${error instanceof Error ? error.message : String(error)}\n`);
      return EXIT.failure;
    } finally {
      out.dispose();
    }
  },
};
