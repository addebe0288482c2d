import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bundle, runCli, runMain as run, tempDir } from './helpers';

const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;

describe('cube2048', () => {
  it('lists its commands with --help, -h, help, and with no arguments', async () => {
    for (const args of [['--help'], ['-h'], ['help'], []]) {
      const result = await run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Usage: cube2048 COMMAND');
      for (const command of ['play', 'oj', 'stats', 'help']) expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
      expect(result.stderr).toBe('');
    }
  });

  it('prints its version, from the built command too', async () => {
    expect(await run(['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([['play'], ['oj'], ['stats'], ['help']])('shows the help of %s with --help, -h and "help %s"', async (command) => {
    const viaFlag = await run([command, '--help']);
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.stdout).toMatch(new RegExp(`^Usage: cube2048 ${command}`));
    expect(await run([command, '-h'])).toEqual(viaFlag);
    expect(await run(['help', command])).toEqual(viaFlag);
    expect(await run([command, '--size', '5', '--help'])).toEqual(viaFlag);
  });

  it('rejects an unknown command with exit 2 and a pointer to --help', async () => {
    const want = { code: 2, stdout: '', stderr: 'cube2048: unknown command "dance"\nRun "cube2048 --help" for the list of commands.\n' };
    expect(await run(['dance'])).toEqual(want);
    expect(await runCli(['dance'])).toEqual(want);
    expect((await run(['--frobnicate'])).stderr).toContain('cube2048: unknown option --frobnicate');
    expect((await run(['help', 'dance'])).code).toBe(2);
  });

  it.each([
    [['play', '--colour'], 'cube2048 play: unknown option --colour'],
    [['play', '--size'], 'cube2048 play: option --size needs a value (--size N)'],
    [['play', '--size', '9'], 'cube2048 play: --size must be a whole number from 3 to 8, got "9"'],
    [['play', '--seed=99999999999'], 'cube2048 play: --seed must be at most 4294967295 (or a word), got "99999999999"'],
    [['play', '--new=yes'], 'cube2048 play: option --new takes no value'],
    [['play', 'extra'], 'cube2048 play: unexpected argument "extra"'],
    [['oj', '--fast'], 'cube2048 oj: unknown option --fast'],
    [['oj', 'cases.txt'], 'cube2048 oj: unexpected argument "cases.txt"'],
  ])('rejects %j with exit 2: %s', async (args, message) => {
    expect(await run(args)).toEqual({ code: 2, stdout: '', stderr: `${message}\nRun "cube2048 ${args[0]} --help" for its usage.\n` });
  });

  it('runs through bin/cube2048.js, the installed command, and says so when the bundle is not built', () => {
    const root = resolve(import.meta.dirname, '../..');
    const dir = tempDir();
    try {
      // The same layout as the package: bin/ next to dist-cli/.
      mkdirSync(join(dir.path, 'bin'));
      copyFileSync(join(root, 'bin/cube2048.js'), join(dir.path, 'bin/cube2048.js'));
      const missing = spawnSync(process.execPath, [join(dir.path, 'bin/cube2048.js'), '--version'], { encoding: 'utf8' });
      expect(missing.status).toBe(1);
      expect(missing.stderr).toBe('cube2048: the command is not built yet; run "npm run build:cli" in the cube2048 folder.\n');
      mkdirSync(join(dir.path, 'dist-cli'));
      copyFileSync(bundle(), join(dir.path, 'dist-cli/cube2048.js'));
      copyFileSync(join(root, 'package.json'), join(dir.path, 'package.json'));
      const built = spawnSync(process.execPath, [join(dir.path, 'bin/cube2048.js'), '--version'], { encoding: 'utf8' });
      expect({ status: built.status, stdout: built.stdout }).toEqual({ status: 0, stdout: `${version}\n` });
      expect(dirname(bundle())).not.toBe(join(root, 'dist-cli'));
    } finally {
      dir.remove();
    }
  });
});
