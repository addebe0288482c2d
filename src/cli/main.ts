/**
 * `cube2048`: the command table, `--help`, and dispatch. Adding a command is one import
 * and one line in COMMANDS.
 */
import type { Command, CommandIO } from './command';
import { EXIT, UsageError } from './command';
import { aiCommand } from './ai';
import { ojCommand } from './oj';
import { playCommand } from './play';
import { replayCommand } from './replay';
import { statsCommand } from './stats';
import { version } from '../../package.json';

const helpCommand: Command = {
  name: 'help',
  summary: 'show help for cube2048 or for one command',
  help: 'Usage: cube2048 help [COMMAND]\n\nShows the list of commands, or the help of COMMAND.\n',
  async run(args, io) {
    const [topic, extra] = args;
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    if (topic === undefined) {
      io.stdout.write(overview());
      return EXIT.ok;
    }
    const command = findCommand(topic);
    if (!command) throw new UsageError(`unknown command "${topic}"`);
    io.stdout.write(command.help);
    return EXIT.ok;
  },
};

/** Every command, in the order the help lists them. */
const COMMANDS: readonly Command[] = [playCommand, ojCommand, aiCommand, replayCommand, statsCommand, helpCommand];

const findCommand = (name: string): Command | undefined => COMMANDS.find((c) => c.name === name);

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return `cube2048 ${version}: the 2048 sliding-tile game, and tools around its rules.

Usage: cube2048 COMMAND [OPTIONS]

Commands:
${lines.join('\n')}

Options:
  -h, --help     show help (also after a command: cube2048 play --help)
  -v, --version  show the version

Run "cube2048 help COMMAND" for the options of one command.
`;
}

/** True when `--help`/`-h` appears among the options (before any `--`). */
function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** Runs the command line `args` (without `node` and the script) and resolves to the exit code. */
export async function main(args: readonly string[], io: CommandIO): Promise<number> {
  const [first, ...rest] = args;
  if (first === undefined || first === '--help' || first === '-h') {
    io.stdout.write(overview());
    return EXIT.ok;
  }
  if (first === '--version' || first === '-v') {
    io.stdout.write(`${version}\n`);
    return EXIT.ok;
  }
  const command = findCommand(first);
  if (!command) {
    const what = first.startsWith('-') ? `unknown option ${first}` : `unknown command "${first}"`;
    io.stderr.write(`cube2048: ${what}\nRun "cube2048 --help" for the list of commands.\n`);
    return EXIT.usage;
  }
  if (asksForHelp(rest)) {
    io.stdout.write(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`cube2048 ${command.name}: ${error.message}\nRun "cube2048 ${command.name} --help" for its usage.\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
