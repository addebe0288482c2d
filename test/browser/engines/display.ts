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
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    xvfb.on('error', (e) => reject(new Error(`cannot start Xvfb (apt-get install xvfb): ${e.message}`)));
    xvfb.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^(\d+)\n/.exec(out);
      if (!match) return;
      const display = `:${match[1]}`;
      process.once('exit', () => xvfb.kill());
      xvfb.unref();
      xvfb.stdout.destroy();
      resolve(display);
    });
  });
}
