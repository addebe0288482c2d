/**
 * The entry of the built `cube2048` binary: wires the real process into CommandIO and
 * turns any error that escapes a command into one line on stderr, never a stack trace
 * (set CUBE2048_DEBUG=1 to see it).
 */
import type { CommandIO, SignalName } from './command';
import { main } from './main';

const fatalListeners = new Set<(error: unknown) => void>();

function describe(error: unknown): string {
  if (process.env.CUBE2048_DEBUG && error instanceof Error && error.stack) return error.stack;
  return error instanceof Error ? error.message : String(error);
}

function fatal(error: unknown): void {
  for (const listener of [...fatalListeners]) listener(error);
  process.stderr.write(`cube2048: internal error: ${describe(error)}\n`);
  process.exit(1);
}
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
// A reader that closed the pipe early (`cube2048 oj | head`) ends the output quietly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  fatal(error);
});

const io: CommandIO = {
  // Lazy: opening stdin has side effects (a terminal or pipe handle) that --help does not need.
  get stdin() {
    return process.stdin;
  },
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  get isTTY() {
    return Boolean(process.stdin.isTTY && process.stdout.isTTY);
  },
  onSignal(signal: SignalName, handler: () => void) {
    process.on(signal, handler);
    return () => void process.removeListener(signal, handler);
  },
  onFatal(handler) {
    fatalListeners.add(handler);
    return () => void fatalListeners.delete(handler);
  },
  exit: (code) => process.exit(code),
};

main(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
}, fatal);
