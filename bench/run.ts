/**
 * `npm run bench`: every benchmark in one run, printed as JSON and written to
 * bench/results/latest.json. `npm run bench -- engine ai` runs only the named sections.
 * A section that fails is recorded with its error; the others still run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { aiBench } from './ai';
import { benchEngine } from './engine';
import { benchPage } from './latency';
import { benchCli } from './oj';
import { benchRender } from './render';
import { benchReplay } from './replay';

const SECTIONS: Record<string, () => unknown> = {
  engine: () => benchEngine(),
  ai: () => aiBench(),
  replay: () => benchReplay(),
  oj: () => benchCli(),
  render: () => benchRender({ runs: 3 }),
  page: () => benchPage({ moves: 100, runs: 3 }),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(`unknown bench section(s): ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}

const results: Record<string, unknown> = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', date: new Date().toISOString(), loadBefore: loadavg()[0] },
};
for (const [name, run] of Object.entries(SECTIONS)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stderr.write(`bench: ${name}…\n`);
  try {
    results[name] = await run();
  } catch (error) {
    results[name] = { error: error instanceof Error ? error.message : String(error) };
  }
}

const out = resolve(import.meta.dirname, 'results');
await mkdir(out, { recursive: true });
await writeFile(resolve(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
