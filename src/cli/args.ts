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
 * Parses `args` against `specs`. Unknown options, a missing value, or a value given to a
 * switch raise a UsageError that names the option. `--` ends the options.
 */
export function parseArgs(args: readonly string[], specs: readonly OptionSpec[]): ParsedArgs {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short as string, s]));
  const options = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const long = arg.startsWith('--');
    const eq = long ? arg.indexOf('=') : -1;
    const key = eq >= 0 ? arg.slice(2, eq) : long ? arg.slice(2) : arg.slice(1);
    const spec = long ? byName.get(key) : byShort.get(key);
    if (!spec) throw new UsageError(`unknown option ${eq >= 0 ? arg.slice(0, eq) : arg}`);
    const shown = long ? `--${spec.name}` : `-${key}`;
    if (spec.value === undefined) {
      if (eq >= 0) throw new UsageError(`option ${shown} takes no value`);
      options.set(spec.name, true);
      continue;
    }
    let value: string | undefined;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      value = args[i + 1];
      i++;
    }
    if (value === undefined || value === '') throw new UsageError(`option ${shown} needs a value (${shown} ${spec.value})`);
    options.set(spec.name, value);
  }
  return { options, positionals };
}

/** An integer option within [min, max], or undefined when absent. */
export function intOption(parsed: ParsedArgs, name: string, min: number, max: number): number | undefined {
  const raw = parsed.options.get(name);
  if (raw === undefined || raw === true) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

/** Rejects positional arguments for commands that take none. */
export function noPositionals(parsed: ParsedArgs): void {
  const extra = parsed.positionals[0];
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
}
