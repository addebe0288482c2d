/**
 * `cube2048 replay <link-or-file>`: verifies a game record (a share link, a bare code or an
 * exported JSON file) by replaying it, and prints the final board and score.
 */
import { readFile } from 'node:fs/promises';
import type { Board } from '../engine';
import { maxTile, toLayers, toRows } from '../engine';
import type { GameRecord } from '../replay/record';
import { codeFromLink, decodeRecord, recordFromJson, verifyRecord } from '../replay/record';
import { parseArgs } from './args';
import type { Command, CommandIO } from './command';
import { EXIT, UsageError } from './command';

const HELP = `Usage: cube2048 replay [--json] LINK-OR-FILE

Verifies a cube2048 game record by replaying it from its seed: every move must change
the board and the final score and largest tile must match the record. Prints the final
board and score.

LINK-OR-FILE is a share link (https://…/#g=CODE), a bare CODE, a JSON file exported from
the game page, or - to read either from standard input.

Options:
  --json      print the result as JSON
  -h, --help  show this help

Exit status: 0 when the record checks out, 1 when a move or the checksum is wrong,
2 when the input cannot be read as a record.

Examples:
  cube2048 replay 'https://example.org/cube2048/#g=AQsqAAAA…'
  cube2048 replay my-game.json
`;

async function readInput(arg: string, io: CommandIO): Promise<string> {
  if (arg === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks).toString('utf8');
  }
  // A link or code never contains a path separator in its code part; try it as a file first.
  try {
    return await readFile(arg, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENAMETOOLONG') return arg;
    throw new UsageError(`cannot read ${arg}: ${(error as Error).message}`);
  }
}

function parseRecord(text: string): ReturnType<typeof decodeRecord> {
  const trimmed = text.trim();
  return trimmed.startsWith('{') ? recordFromJson(trimmed) : decodeRecord(codeFromLink(trimmed));
}

const formatRows = (rows: number[][], width: number): string =>
  rows.map((row) => row.map((v) => (v === 0 ? '.' : String(v)).padStart(width)).join(' ')).join('\n');

/** The board as text: a square's rows, or a cube's layers one under another, each named (layer 1 nearest the player). */
const formatBoard = (board: Board): string => {
  const layers = toLayers(board);
  const width = Math.max(4, ...layers.flat(2).map((v) => String(v).length));
  if (board.dimensions !== 3) return formatRows(layers[0] ?? [], width);
  const name = (i: number): string => `Layer ${i + 1}${i === 0 ? ' (front)' : i === layers.length - 1 ? ' (back)' : ''}:`;
  return layers.map((rows, i) => `${name(i)}\n${formatRows(rows, width)}`).join('\n\n');
};

/** "4×4", or "4×4×4" for a cube. */
const shapeName = (record: GameRecord): string =>
  Array<number>(record.dimensions ?? 2)
    .fill(record.size)
    .join('×');

const n = (x: number): string => x.toLocaleString('en-US');

export const replayCommand: Command = {
  name: 'replay',
  summary: 'verify a shared game record and print its final board',
  help: HELP,
  async run(args, io) {
    const parsed = parseArgs(args, [{ name: 'json' }]);
    const [input, extra] = parsed.positionals;
    if (input === undefined) throw new UsageError('missing LINK-OR-FILE');
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const result = parseRecord(await readInput(input, io));
    if (!result.ok) {
      io.stderr.write(`cube2048 replay: ${result.error}\n`);
      return EXIT.usage;
    }
    const record: GameRecord = result.value;
    const verified = verifyRecord(record);
    const final = verified.final;
    if (parsed.options.has('json')) {
      io.stdout.write(
        `${JSON.stringify({
          valid: verified.problem === null,
          problem: verified.problem,
          invalidAt: verified.invalidAt,
          size: record.size,
          dimensions: record.dimensions ?? 2,
          seed: record.seed,
          target: record.target,
          moves: record.moves.length,
          score: final.score,
          maxTile: maxTile(final.board),
          status: final.status,
          // A cube's board is its layers (front first), each a list of rows.
          board: final.board.dimensions === 3 ? toLayers(final.board) : toRows(final.board),
        })}\n`,
      );
    } else {
      io.stdout.write(`Game: ${shapeName(record)}, seed ${record.seed}, target ${n(record.target)}, ${n(record.moves.length)} moves\n`);
      io.stdout.write(
        verified.problem === null
          ? `Verified: every move changes the board and the checksum matches.\n`
          : `Not valid: ${verified.problem}\n`,
      );
      io.stdout.write(
        `\n${formatBoard(final.board)}\n\nScore ${n(final.score)} · max tile ${n(maxTile(final.board))}${final.status === 'over' ? ' · game over' : ''}\n`,
      );
    }
    return verified.problem === null ? EXIT.ok : EXIT.failure;
  },
};
