/* eslint-disable no-control-regex -- terminal output is escape sequences; the tests match them. */
/**
 * The paths of `play` a real terminal cannot easily provoke, run in-process with fake
 * terminal streams: an uncaught error must still give the terminal back.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CommandIO, SignalName } from '../../src/cli/command';
import { main } from '../../src/cli/main';
import { tempDirEach } from './helpers';

const dir = tempDirEach();

function fakeTerminal() {
  const modes: boolean[] = [];
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: (on: boolean) => modes.push(on) });
  const stdout = Object.assign(new PassThrough(), { isTTY: true, columns: 100, rows: 30 });
  let written = '';
  stdout.on('data', (d: Buffer) => (written += d.toString('utf8')));
  const signals = new Map<SignalName, () => void>();
  let fatal: ((error: unknown) => void) | null = null;
  const exits: number[] = [];
  const io: CommandIO = {
    stdin,
    stdout,
    stderr: new PassThrough(),
    env: { XDG_STATE_HOME: dir.path, TERM: 'dumb' },
    isTTY: true,
    onSignal: (signal, handler) => {
      signals.set(signal, handler);
      return () => void signals.delete(signal);
    },
    onFatal: (handler) => {
      fatal = handler;
      return () => {
        fatal = null;
      };
    },
    exit: ((code: number) => void exits.push(code)) as CommandIO['exit'],
  };
  return { io, stdin, modes, exits, signals, written: () => written, fatal: () => fatal };
}

describe('cube2048 play, in-process', () => {
  it('gives the terminal back on an uncaught error', async () => {
    const t = fakeTerminal();
    const done = main(['play'], t.io);
    await new Promise((r) => setTimeout(r, 20));
    expect(t.modes).toEqual([true]);
    expect(t.written()).toContain('\x1b[?1049h\x1b[?25l');
    t.fatal()?.(new Error('boom'));
    expect(await done).toBe(1);
    expect(t.modes).toEqual([true, false]);
    expect(t.written().endsWith('\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l')).toBe(true);
    expect(t.fatal()).toBeNull(); // its listeners are gone
    expect(t.signals.size).toBe(0);
  });

  it('gives the terminal back once on a signal, then ends the process with 128 + the signal number', async () => {
    const t = fakeTerminal();
    const done = main(['play'], t.io);
    await new Promise((r) => setTimeout(r, 20));
    t.signals.get('SIGTERM')?.();
    expect(await done).toBe(143);
    expect(t.exits).toEqual([143]);
    expect(t.modes).toEqual([true, false]);
    expect(t.written().match(/\x1b\[\?1049l/g)).toHaveLength(1);
  });

  it('ends when its input ends', async () => {
    const t = fakeTerminal();
    const done = main(['play'], t.io);
    await new Promise((r) => setTimeout(r, 20));
    t.stdin.end();
    expect(await done).toBe(0);
    expect(t.modes).toEqual([true, false]);
  });
});
