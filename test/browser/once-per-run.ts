/**
 * What the browser tests make once per run and share across files and engines (the npm package,
 * the fixture pages): made in a folder the run owns (global-setup.ts gives it, and removes it),
 * by the first file to ask; the others wait for the note it leaves. Files of one engine run one
 * at a time, but the engines' projects may run side by side, hence the lock.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** `make(dir)` once per run, in `dir` (a sub-folder of the run's folder); what it returns must survive JSON. */
export async function oncePerRun<T>(dir: string, make: (dir: string) => Promise<T>, timeoutMs = 300_000): Promise<T> {
  await mkdir(dir, { recursive: true });
  const note = join(dir, 'made.json');
  try {
    await mkdir(join(dir, 'making'));
  } catch {
    return noteWhenWritten<T>(note, timeoutMs);
  }
  try {
    const made = await make(join(dir, 'made'));
    await writeFile(note, JSON.stringify({ made }));
    return made;
  } catch (error) {
    await writeFile(note, JSON.stringify({ error: String(error) }));
    throw error;
  }
}

async function noteWhenWritten<T>(note: string, timeoutMs: number): Promise<T> {
  for (const until = Date.now() + timeoutMs; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 500))) {
    const text = await readFile(note, 'utf8').catch(() => null);
    if (text === null) continue;
    const saved = JSON.parse(text) as { made: T } | { error: string };
    if ('error' in saved) throw new Error(`another test file failed to make it: ${saved.error}`);
    return saved.made;
  }
  throw new Error(`not made within ${timeoutMs / 1000} s by the test file that began it`);
}
