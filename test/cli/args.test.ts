import { describe, expect, it } from 'vitest';
import { intOption, noPositionals, parseArgs } from '../../src/cli/args';
import type { OptionSpec } from '../../src/cli/args';
import { UsageError } from '../../src/cli/command';

const SPECS: readonly OptionSpec[] = [
  { name: 'size', value: 'N' },
  { name: 'seed', value: 'S' },
  { name: 'new' },
  { name: 'json', short: 'j' },
];
const parse = (args: readonly string[]) => {
  const parsed = parseArgs(args, SPECS);
  return { options: Object.fromEntries(parsed.options), positionals: parsed.positionals };
};

describe('command-line options', () => {
  it('takes values after a space or an equals sign, switches alone, and the last of a repeated option', () => {
    expect(parse(['--size', '5', '--seed=abc', '--new', '-j', 'file', '--size', '6'])).toEqual({
      options: { size: '6', seed: 'abc', new: true, json: true },
      positionals: ['file'],
    });
  });

  it('takes a value that starts with a dash, such as a seed word', () => {
    expect(parse(['--seed', '-5']).options).toEqual({ seed: '-5' });
    expect(parse(['--seed=-5']).options).toEqual({ seed: '-5' });
  });

  it('leaves everything after -- and a lone - to the positionals', () => {
    expect(parse(['-', '--', '--new', '-x'])).toEqual({ options: {}, positionals: ['-', '--new', '-x'] });
  });

  it.each([
    [['--colour'], 'unknown option --colour'],
    [['--colour=red'], 'unknown option --colour'],
    [['-x'], 'unknown option -x'],
    [['--size'], 'option --size needs a value (--size N)'],
    [['--size', ''], 'option --size needs a value (--size N)'],
    [['--size='], 'option --size needs a value (--size N)'],
    [['--new=yes'], 'option --new takes no value'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseArgs(args, SPECS)).toThrow(new UsageError(message));
  });

  it('reads whole numbers within bounds and refuses anything else, naming the option', () => {
    expect(intOption(parseArgs(['--size', '5'], SPECS), 'size', 3, 8)).toBe(5);
    expect(intOption(parseArgs([], SPECS), 'size', 3, 8)).toBeUndefined();
    for (const bad of ['9', '2', '4.5', '-4', 'four'])
      expect(() => intOption(parseArgs([`--size=${bad}`], SPECS), 'size', 3, 8)).toThrow(
        new UsageError(`--size must be a whole number from 3 to 8, got "${bad}"`),
      );
  });

  it('refuses an argument where a command takes none', () => {
    expect(() => noPositionals(parseArgs(['--new', 'extra'], SPECS))).toThrow(new UsageError('unexpected argument "extra"'));
  });
});
