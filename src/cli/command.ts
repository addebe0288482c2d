/**
 * The contract every `cube2048` subcommand implements. Commands get their streams,
 * environment and process hooks through `CommandIO`, so tests can run them in-process
 * with fake streams and the real binary wires them to the process.
 */

/** The input side: process.stdin, a file stream, or a test's PassThrough. */
export interface InputStream extends NodeJS.ReadableStream {
  readonly isTTY?: boolean;
  /** Present on a terminal: raw mode turns off line editing and echo. */
  setRawMode?(mode: boolean): unknown;
}

/** The output side: process.stdout/stderr, or a test's collector. */
export interface OutputStream extends NodeJS.WritableStream {
  readonly isTTY?: boolean;
  /** Terminal width and height, when the stream is a terminal. */
  readonly columns?: number;
  readonly rows?: number;
}

export type SignalName = 'SIGINT' | 'SIGTERM' | 'SIGHUP';

export interface CommandIO {
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** True when both stdin and stdout are terminals (interactive commands need both). */
  readonly isTTY: boolean;
  /** Runs `handler` when the process receives `signal`; returns a function that stops listening. */
  onSignal(signal: SignalName, handler: () => void): () => void;
  /** Runs `handler` on an uncaught exception or unhandled rejection; returns a function that stops listening. */
  onFatal(handler: (error: unknown) => void): () => void;
  /** Ends the process at once (after a signal or a fatal error, once the terminal is restored). */
  exit(code: number): never;
}

export interface Command {
  /** The word after `cube2048`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The whole `--help` text: usage line, description, options, examples. */
  readonly help: string;
  /**
   * Runs the command with the arguments after its name (`--help` is handled before this
   * is called) and resolves to the process exit code: 0 success, 1 failure, 2 bad usage or input.
   */
  run(args: readonly string[], io: CommandIO): Promise<number>;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A usage error: the message is shown with a pointer to `--help` and the exit code is 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
