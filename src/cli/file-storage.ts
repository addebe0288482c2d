/**
 * A StorageLike over files, for the terminal: one file per key in a state directory,
 * written atomically (temporary file, then rename) so a crash never leaves half a save.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { StorageLike } from '../store';

/**
 * Where cube2048 keeps its state: `$XDG_STATE_HOME/cube2048`, else `~/.local/state/cube2048`
 * (the XDG base directory rules: a relative XDG_STATE_HOME is ignored). Null without a home.
 */
export function stateDirectory(env: Readonly<Record<string, string | undefined>>): string | null {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'cube2048');
  const home = env.HOME || homedir();
  return home ? join(home, '.local', 'state', 'cube2048') : null;
}

/** The file that holds `key`: its characters outside [A-Za-z0-9_-] become dots ("cube2048:game:v1" → "cube2048.game.v1"). */
export const fileForKey = (directory: string, key: string): string => join(directory, key.replace(/[^A-Za-z0-9_-]/g, '.'));

/** Storage in `directory`, created on the first write. Errors are thrown, for the store to report. */
export function createFileStorage(directory: string): StorageLike {
  let made = false;
  return {
    getItem(key) {
      try {
        return readFileSync(fileForKey(directory, key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    setItem(key, value) {
      if (!made) mkdirSync(directory, { recursive: true });
      made = true;
      const file = fileForKey(directory, key);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, value);
      renameSync(temporary, file);
    },
    removeItem(key) {
      rmSync(fileForKey(directory, key), { force: true });
    },
  };
}
