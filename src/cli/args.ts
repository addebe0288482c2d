/**
 * Command-line options, parsed by node:util `parseArgs` and checked against the command's
 * specs here, so every mistake gets a message that names the option in our words.
 *
 * parseArgs runs non-strict and its tokens are checked here: in strict mode it would refuse
 * `--seed -5` (a value that starts with a dash, such as a seed word, is "ambiguous" to it)
 * and word its errors itself ("Option '--size <value>' argument missing").
 */
import { parseArgs as parseNodeArgs } from 'node:util';
import type { ParseArgsOptionsConfig } from 'node:util';
import { UsageError } from './command';

/** One option a command accepts: `--name`, or `--name VALUE` / `--name=VALUE` when it takes a value. */
export interface OptionSpec {
  readonly name: string;
  /** The value's placeholder in help text (e.g. "N"); absent for a plain switch. */
  readonly value?: string;
  /** A one-letter alias, used as `-x`. */
  readonly short?: string;
}

export interface ParsedArgs {
  /** Switches map to true, valued options to their (last) value. */
  readonly options: ReadonlyMap<string, string | true>;
  readonly positionals: readonly string[];
}

/**
 * Parses `args` against `specs`. Unknown options, a missing (or empty) value, or a value
 * given to a switch raise a UsageError that names the option. `--` ends the options.
 */
export function parseArgs(args: readonly string[], specs: readonly OptionSpec[]): ParsedArgs {
  const config: ParseArgsOptionsConfig = {};
  for (const spec of specs)
    config[spec.name] = { type: spec.value === undefined ? 'boolean' : 'string', ...(spec.short ? { short: spec.short } : {}) };
  const { tokens } = parseNodeArgs({ args: [...args], options: config, strict: false, allowPositionals: true, tokens: true });
  const byName = new Map(specs.map((s) => [s.name, s]));
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = byName.get(token.name);
    if (!spec) throw new UsageError(`unknown option ${token.rawName}`);
    if (spec.value === undefined) {
      if (token.value !== undefined) throw new UsageError(`option ${token.rawName} takes no value`);
      options.set(spec.name, true);
    } else {
      if (token.value === undefined || token.value === '')
        throw new UsageError(`option ${token.rawName} needs a value (${token.rawName} ${spec.value})`);
      options.set(spec.name, token.value);
    }
  }
  return { options, positionals };
}

/** An integer option within [min, max], or undefined when absent. */
export function intOption(parsed: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const raw = parsed.options.get(name);
  if (raw === undefined || raw === true) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** Rejects positional arguments for commands that take none. */
export function noPositionals(parsed: ParsedArgs): void {
  const extra = parsed.positionals[0];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
}
