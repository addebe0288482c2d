/**
 * X displays for the engines that need one (headful Firefox, WebKitGTK): Xvfb, started once
 * per process and stopped when it exits. The screen is large enough for the tests' biggest
 * viewport (a 4K monitor).
 */
import { spawn } from 'node:child_process';

export const SCREEN = { width: 3840, height: 2400 } as const;

let shared: Promise<string> | null = null;
let own: Promise<string> | null = null;

/** The display in DISPLAY, or one started for this process (and its workers, which inherit DISPLAY). */
export function ensureDisplay(): Promise<string> {
  const given = process.env['DISPLAY'];
  if (given) return Promise.resolve(given);
  shared ??= startXvfb().then((display) => {
    process.env['DISPLAY'] = display;
    return display;
  });
  return shared;
}

/**
 * A display no other program uses, for WebKitGTK: with no window manager, the window under
 * the pointer (which stays where Xvfb put it, mid-screen) has the focus, so the harness
 * places the window it drives there, and no other program's window may cover it.
 */
export function privateDisplay(): Promise<string> {
  own ??= startXvfb();
  return own;
}

function startXvfb(): Promise<string> {
  return new Promise((resolve, reject) => {
    // -displayfd: Xvfb picks a free display number and writes it to stdout once it is ready.
    // A vitest worker is killed without running exit handlers, so Xvfb is tied to a pipe
    // instead: when this process goes, the pipe closes, `cat` returns and the shell stops Xvfb.
    const xvfb = spawn(
      'sh',
      [
        '-c',
        'Xvfb "$@" </dev/null & x=$!; cat >/dev/null; kill $x',
        'sh',
        '-displayfd',
        '1',
        '-screen',
        '0',
        `${SCREEN.width}x${SCREEN.height}x24`,
        '-nolisten',
        'tcp',
      ],
      { stdio: ['pipe', 'pipe', 'ignore'] },
    );
    let out = '';
    xvfb.on('error', (e) => reject(new Error(`cannot start Xvfb (apt-get install xvfb): ${e.message}`)));
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it was ready: is xvfb installed?`)));
    xvfb.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (!match) return;
      // Neither the shell nor its pipes keep this process alive.
      xvfb.unref();
      (xvfb.stdin as unknown as { unref(): void }).unref();
      xvfb.stdout.destroy();
      resolve(`:${match[1]}`);
    });
  });
}
