/**
 * `npm run bench`: every benchmark in one command. Prints an aligned table (one line per
 * figure: median, min–max over the runs, unit, goal) and writes
 * - bench/results/latest.json: every figure with its raw samples, the machine and its load;
 * - bench/results/report.html: the same as charts and a table, one self-contained file.
 *
 *   npm run bench                       all sections
 *   npm run bench -- engine sizes       only these; the others keep their last results
 *   npm run bench -- --quick            fewer runs (noisier), for iterating
 *   npm run bench -- --report-only      redraw the table and report.html from latest.json
 *
 * A section that fails is recorded with its error; the others still run.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { autoplaySection } from './autoplay';
import { engineSection } from './engine';
import { historySection } from './history';
import type { BenchResults, Machine, SectionOptions, SectionResult, SectionRun } from './figures';
import { formatTable } from './figures';
import { pageSection } from './latency';
import { ojSection } from './oj';
import { renderSection } from './render';
import { renderReport } from './report';
import { replaySection } from './replay';
import { sizesSection } from './sizes';
import { visitSection } from './visit';

/** In the order they run and are shown. */
const SECTIONS: Readonly<Record<string, (options: SectionOptions) => SectionRun | Promise<SectionRun>>> = {
  engine: engineSection,
  oj: ojSection,
  render: renderSection,
  page: pageSection,
  autoplay: autoplaySection,
  sizes: sizesSection,
  visit: visitSection,
  replay: replaySection,
  history: historySection,
};

const OUT = resolve(import.meta.dirname, 'results');
const JSON_FILE = resolve(OUT, 'latest.json');
const HTML_FILE = resolve(OUT, 'report.html');

const load = (): number[] => loadavg().map((x) => Number(x.toFixed(2)));

function machine(loadBefore: readonly number[]): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadBefore,
    loadAfter: load(),
  };
}

/** The previous results, when they are in this format; older files are ignored (and then overwritten). */
async function previous(): Promise<BenchResults | null> {
  if (!existsSync(JSON_FILE)) return null;
  try {
    const parsed = JSON.parse(await readFile(JSON_FILE, 'utf8')) as Partial<BenchResults>;
    return parsed.version === 1 && parsed.sections ? (parsed as BenchResults) : null;
  } catch {
    return null;
  }
}

async function writeOutputs(results: BenchResults, shown: readonly string[]): Promise<void> {
  await mkdir(OUT, { recursive: true });
  await writeFile(JSON_FILE, `${JSON.stringify(results, null, 1)}\n`);
  await writeFile(HTML_FILE, renderReport(results));
  const sections = Object.fromEntries(Object.entries(results.sections).filter(([name]) => shown.includes(name)));
  const m = results.machine;
  console.log(
    `\ncube2048 bench, ${results.ranAt}${results.quick ? ' (quick)' : ''}: ${m.cpu}, ${m.cores} cores, Node ${m.node}, load ${m.loadBefore.join(' ')} → ${m.loadAfter.join(' ')}\n`,
  );
  console.log(formatTable(sections));
  for (const [name, section] of Object.entries(sections)) for (const note of section.notes ?? []) console.log(`  ${name}: ${note}`);
  console.log(`\nwrote ${JSON_FILE}\n      ${HTML_FILE}`);
}

async function main(argv: readonly string[]): Promise<number> {
  const flags = argv.filter((a) => a.startsWith('-'));
  const wanted = argv.filter((a) => !a.startsWith('-'));
  const unknown = [...wanted.filter((name) => !(name in SECTIONS)), ...flags.filter((f) => f !== '--quick' && f !== '--report-only')];
  if (unknown.length > 0) {
    console.error(`unknown: ${unknown.join(', ')}. Sections: ${Object.keys(SECTIONS).join(', ')}; flags: --quick, --report-only`);
    return 2;
  }
  const before = await previous();
  if (flags.includes('--report-only')) {
    if (!before) {
      console.error(`no results to report: ${JSON_FILE} is missing or older than this format; run npm run bench first`);
      return 1;
    }
    await writeOutputs(before, wanted.length ? wanted : Object.keys(before.sections));
    return 0;
  }

  const quick = flags.includes('--quick');
  const chosen = Object.keys(SECTIONS).filter((name) => wanted.length === 0 || wanted.includes(name));
  const loadBefore = load();
  const sections: Record<string, SectionResult> = { ...before?.sections };
  for (const name of chosen) {
    process.stderr.write(`bench: ${name}…\n`);
    const ranAt = new Date().toISOString();
    const start = performance.now();
    const sectionLoad = load();
    let run: SectionRun;
    let error: string | undefined;
    try {
      run = await SECTIONS[name]!({ quick });
    } catch (e) {
      error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      process.stderr.write(`bench: ${name} failed: ${error}\n`);
      run = { figures: [] };
    }
    sections[name] = {
      ...run,
      ...(error ? { error } : {}),
      ranAt,
      quick,
      seconds: Math.round((performance.now() - start) / 100) / 10,
      loadBefore: sectionLoad,
      loadAfter: load(),
    };
  }
  // Sections in their usual order, whichever ran last.
  const ordered = Object.fromEntries(Object.keys(SECTIONS).flatMap((name) => (sections[name] ? [[name, sections[name]] as const] : [])));
  await writeOutputs({ version: 1, ranAt: new Date().toISOString(), quick, machine: machine(loadBefore), sections: ordered }, chosen);
  return chosen.some((name) => sections[name]?.error) ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
