/**
 * `npm run bench`: every benchmark in one run, printed as JSON and written to
 * bench/results/latest.json. Sections are added as the features they measure land.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { benchEngine } from './engine';

const results = {
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', date: new Date().toISOString() },
  engine: benchEngine(),
};

const out = resolve(import.meta.dirname, 'results');
await mkdir(out, { recursive: true });
await writeFile(resolve(out, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
