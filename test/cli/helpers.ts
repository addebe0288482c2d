/* eslint-disable no-control-regex -- terminal output is escape sequences; the tests match them. */
/**
 * Drives the built `cube2048` command: as a plain process (pipes), or on a real
 * pseudo-terminal made by util-linux `script`, reading the screen it draws.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, inject } from 'vitest';
import type { CommandIO } from '../../src/cli/command';
import { main } from '../../src/cli/main';

export const bundle = (): string => inject('cliBundle');

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `cube2048 args…` with `input` on stdin (pipes, no terminal). */
export function runCli(args: readonly string[], options: { input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle(), ...args], { env: { ...process.env, ...options.env }, stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.on('error', () => {}); // The command may exit before reading everything.
    child.stdin.end(options.input ?? '');
  });
}

/** Runs the command line in-process, through `main`, with `input` on stdin and no terminal. */
export async function runMain(
  args: readonly string[],
  options: { input?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  stdin.end(options.input ?? '');
  const io: CommandIO = {
    stdin,
    stdout,
    stderr,
    env: {},
    isTTY: false,
    onSignal: () => () => {},
    onFatal: () => () => {},
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
  };
  const code = await main(args, io);
  return { code, stdout: out, stderr: err };
}

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix = 'cube2048-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A fresh temporary folder for each test of the file (or enclosing describe), removed after the test; read `path` inside a test. */
export function tempDirEach(): { readonly path: string } {
  let dir: { path: string; remove: () => void } | null = null;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => {
    dir?.remove();
    dir = null;
  });
  return {
    get path() {
      if (!dir) throw new Error('tempDirEach(): the folder is made in beforeEach, so use it inside a test');
      return dir.path;
    },
  };
}

export const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The command line that runs the built bundle with `args`, for a shell. */
export const cliCommand = (args: string): string => `${shellQuote(process.execPath)} ${shellQuote(bundle())} ${args}`;

/** Removes escape sequences, leaving text and line breaks. */
export const stripAnsi = (text: string): string => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * A plain English terminal keeping its state under `home` (XDG_STATE_HOME), whatever the
 * machine's own LANG and colours: what the pseudo-terminal tests read is the same everywhere.
 */
export const terminalEnv = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  XDG_STATE_HOME: home,
  TERM: 'xterm-256color',
  NO_COLOR: '1',
  COLORTERM: '',
  LANG: 'C.UTF-8',
  LC_ALL: '',
  LC_MESSAGES: '',
  ...extra,
});

export interface Pty {
  /** Everything the terminal received so far, escape sequences included. */
  readonly output: () => string;
  /** The text of the latest complete frame, one string per screen line. */
  readonly screen: () => string[];
  readonly send: (keys: string) => void;
  /** Resolves once `predicate` holds for the output; rejects after `ms`. */
  readonly waitFor: (predicate: (output: string) => boolean, what: string, ms?: number) => Promise<void>;
  readonly exited: Promise<number | null>;
  readonly kill: () => void;
}

/** Runs `command` (a shell command line) on a fresh pseudo-terminal. */
export function onPty(command: string, env: NodeJS.ProcessEnv = {}): Pty {
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString('utf8');
    for (const check of [...waiters]) check();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    output: () => output,
    screen: () => {
      // The latest complete frame: each ends with the end of its synchronized update.
      const end = output.lastIndexOf('\x1b[?2026l');
      if (end < 0) return [];
      return stripAnsi(output.slice(output.lastIndexOf('\x1b[H', end) + 3, end)).split('\r\n');
    },
    send: (keys) => void child.stdin.write(keys),
    waitFor: (predicate, what, ms = 15_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${what}; the terminal shows:\n${stripAnsi(output.slice(-3000))}`));
        }, ms);
        function check(): void {
          if (!predicate(output)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
        check();
      }),
    exited,
    kill: () => child.kill('SIGKILL'),
  };
}

/**
 * The board on a NO_COLOR screen: the lines of the box grid that hold values (digits or
 * the "·" of an empty cell), each split into its cells.
 */
export function boardOnScreen(lines: readonly string[]): number[][] {
  return lines
    .filter((line) => line.includes('│') && /[0-9·]/.test(line))
    .map((line) =>
      line
        .trim()
        .split('│')
        .slice(1, -1)
        .map((cell) => (cell.trim() === '·' ? 0 : Number(cell.trim()))),
    );
}

/**
 * A cube's layers on a NO_COLOR screen, layer 1 first: the terminal draws them side by side
 * ("│   │" between two layers), in rows of layers, `size` lines of cells each.
 */
export function layersOnScreen(lines: readonly string[], size: number): number[][][] {
  const rows = lines.filter((line) => line.includes('│') && /[0-9·]/.test(line)).map((line) => line.trim().split('│   │'));
  const layers: number[][][] = [];
  rows.forEach((segments, i) => {
    const first = Math.floor(i / size) * (rows[0]?.length ?? 1);
    segments.forEach((segment, k) => {
      const cells = segment
        .replace(/^│|│$/g, '')
        .split('│')
        .map((cell) => (cell.trim() === '·' ? 0 : Number(cell.trim())));
      (layers[first + k] ??= []).push(cells);
    });
  });
  return layers;
}
